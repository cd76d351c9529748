// The fleet against real nats-server processes: a 3-node JetStream cluster on loopback, two hosts
// (real child Node processes, each a NativeRuntime with the fixture agent and a provider of
// long-running children), a provider host serving providers to the session hosts, one client.
// Everything is started here and reaped here.
import { setTimeout as delay } from 'node:timers/promises';
import {
  CONTROL_FIXTURE_ID,
  findFixtureProcesses,
  fixtureRunTag,
  isProcessAlive,
} from '@gate4agent/testkit';
import {
  CapabilityRequestId,
  CapabilityRequestInput,
  ConsumerId,
  type PolicyKey,
  ResourceScopeId,
  ToolActorId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { AgentId, type SessionGeneration } from '@gate4agent/types';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFleetUserKey,
  FleetClient,
  type FleetCompletion,
  type FleetExitAck,
  type FleetSession,
  type FleetToolClient,
  fleetAuthorizationConfig,
  fleetConnectOptions,
} from '../src/index.js';
import { type NatsCluster, retryUntil as retry, startNatsCluster } from '../src/testing/index.js';
import { type ProviderHostProcess, startProviderHost } from './provider/provider-host-process.js';
import { type HostProcess, startHost } from './support/host-process.js';

const agentId = AgentId.of(CONTROL_FIXTURE_ID);
const providerId = ToolProviderId.of('gate.fleet');
// Forwarded by every session host to the provider host `host-p`.
const remoteHolding = ToolProviderId.of('gate.remote');
const remoteEcho = ToolProviderId.of('gate.remote-echo');
const capabilityId = ToolCapabilityId.of('browser.snapshot');
const scope = ResourceScopeId.of('page.active');
const keys = {
  'host-a': createFleetUserKey(),
  'host-b': createFleetUserKey(),
  'host-p': createFleetUserKey(),
  alice: createFleetUserKey(),
  mallory: createFleetUserKey(),
};

let cluster: NatsCluster;
const hosts: HostProcess[] = [];
let providerHost: ProviderHostProcess;
const connections: NatsConnection[] = [];
let fleet: FleetClient;
const sessions: FleetSession[] = [];

async function connectAs(userId: keyof typeof keys): Promise<NatsConnection> {
  const nc = await connect(
    fleetConnectOptions({ servers: cluster.servers, userId, seed: keys[userId].seed }),
  );
  connections.push(nc);
  return nc;
}

function grantKey(
  client: FleetToolClient,
  session: FleetSession,
  provider: ToolProviderId = providerId,
): PolicyKey {
  return {
    consumerId: ConsumerId.of(client.consumerId()),
    actorId: ToolActorId.of(client.actorId()),
    instanceId: session.instanceId,
    generation: session.generation as SessionGeneration,
    providerId: provider,
    capabilityId,
    resourceScopeId: scope,
  };
}

function input(
  localId: number,
  session: FleetSession,
  provider: ToolProviderId = providerId,
): CapabilityRequestInput {
  return CapabilityRequestInput.of({
    localId: CapabilityRequestId.of(localId),
    instanceId: session.instanceId,
    generation: session.generation as SessionGeneration,
    providerId: provider,
    capabilityId,
    resourceScopeId: scope,
    approvalSummary: 'hold until stopped',
    deadlineTick: 1_000_000_000,
    payload: new TextEncoder().encode('{}'),
  });
}

async function nextAck(
  acks: AsyncIterable<FleetExitAck>,
  operationId: number | null,
): Promise<FleetExitAck | undefined> {
  for await (const ack of acks) if (ack.operation.operationId === operationId) return ack;
  return undefined;
}

/** Every exit ack the client receives from now on, with a wait for the one of an operation. */
function collectAcks() {
  const subscription = fleet.subscribeProviderExitAcks(64);
  const acks: FleetExitAck[] = [];
  const waiters: (() => void)[] = [];
  void (async () => {
    for await (const ack of subscription) {
      acks.push(ack);
      for (const wake of waiters.splice(0)) wake();
    }
  })();
  return {
    of: (operationId: number | null) =>
      acks.filter((ack) => ack.operation.operationId === operationId),
    async next(operationId: number | null): Promise<FleetExitAck> {
      for (;;) {
        const found = acks.find((ack) => ack.operation.operationId === operationId);
        if (found !== undefined) return found;
        await new Promise<void>((wake) => waiters.push(wake));
      }
    },
    close: () => subscription.close(),
  };
}

/**
 * Whether `pid` is gone within `timeoutMs`. A host's exit kills SIGKILL its children before the
 * host exits; on a loaded machine a child killed that way may not have run its exit yet when the
 * host's own exit is seen.
 */
async function goneWithin(pid: number, timeoutMs = 10_000): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (isProcessAlive(pid) && performance.now() < deadline) await delay(50);
  return !isProcessAlive(pid);
}

/** The request `localId` of `client` once the host shows it awaiting approval (no polling). */
async function awaitingApproval(session: FleetSession, client: FleetToolClient, localId: number) {
  await using requests = fleet
    .toolAuthority(session)
    .approvalRequests({ signal: AbortSignal.timeout(30_000) });
  for await (const request of requests) {
    if (request.key.consumerId === client.consumerId() && request.key.localId === localId) {
      return request;
    }
  }
  throw new Error(`the approval requests of ${session.hostId} ended before request ${localId}`);
}

beforeAll(async () => {
  cluster = await startNatsCluster(
    fleetAuthorizationConfig([
      { role: 'host', id: 'host-a', publicKey: keys['host-a'].publicKey },
      { role: 'host', id: 'host-b', publicKey: keys['host-b'].publicKey },
      { role: 'provider-host', id: 'host-p', publicKey: keys['host-p'].publicKey },
      { role: 'owner', id: 'alice', publicKey: keys.alice.publicKey },
      { role: 'owner', id: 'mallory', publicKey: keys.mallory.publicKey },
    ]),
  );
  for (const hostId of ['host-a', 'host-b'] as const) {
    hosts.push(await startHost(hostId, 1, cluster.servers, keys[hostId].seed));
  }
  providerHost = await startProviderHost('host-p', cluster.servers, keys['host-p'].seed);
  const nc = await connectAs('alice');
  fleet = await retry(() =>
    FleetClient.connect({
      connection: nc,
      ownerId: 'alice',
      hostTimeoutMs: 3_000,
      onError: (error) => {
        if (process.env.FLEET_TEST_VERBOSE) console.error('client', error);
      },
    }),
  );
}, 90_000);

afterAll(async () => {
  await fleet?.dispose();
  for (const host of hosts) await host.stop();
  await providerHost?.stop();
  for (const nc of connections) await nc.close().catch(() => undefined);
  await cluster?.close();
  // No process is left on any host: no fixture of this run, no host, no nats-server.
  expect(findFixtureProcesses(fixtureRunTag())).toEqual([]);
  for (const host of hosts) expect(isProcessAlive(host.child.pid ?? 0)).toBe(false);
  expect(isProcessAlive(providerHost?.child.pid ?? 0)).toBe(false);
  for (const node of cluster?.nodes ?? []) expect(isProcessAlive(node.child.pid ?? 0)).toBe(false);
}, 60_000);

describe('a fleet of two hosts on a 3-node NATS JetStream cluster', () => {
  it('launches each session on a host with room and refuses when none is left', async () => {
    const first = await fleet.launchAgent(agentId);
    sessions.push(first);
    const second = await fleet.launchAgent(agentId);
    sessions.push(second);
    expect(new Set([first.hostId, second.hostId])).toEqual(new Set(['host-a', 'host-b']));
    expect(first.status.kind).toBe('running');
    // The run's tag reaches the hosts' children, so the final leak scan sees them.
    expect(findFixtureProcesses(fixtureRunTag()).length).toBeGreaterThanOrEqual(2);
    await expect(fleet.launchAgent(agentId)).rejects.toMatchObject({ kind: 'no-host' });
  }, 60_000);

  it('round-trips input and frames through the fleet', async () => {
    for (const session of sessions) {
      await session.waitFor('fixture-ready>', { timeoutMs: 15_000 });
      await session.submit(`hello-${session.hostId}`);
      const screen = await session.waitFor(`fixture-echo:hello-${session.hostId}`, {
        timeoutMs: 15_000,
      });
      expect(screen).toContain(`fixture-echo:hello-${session.hostId}`);
      const frames = session.frames();
      const frame = await frames.next();
      await frames.return?.();
      expect(frame.value?.contents).toContain('fixture-echo');
    }
  }, 60_000);

  it('ends a provider operation on the session host with its exit ack when the client revokes', async () => {
    const session = sessions.find((s) => s.hostId === 'host-b') as FleetSession;
    const host = hosts.find((h) => h.hostId === 'host-b') as HostProcess;
    const acks = fleet.subscribeProviderExitAcks(16);
    const client = await fleet.toolClient(session, ToolActorId.of('agent.fleet'));
    const key = grantKey(client, session);
    const granted = await fleet.toolAuthority(session).grant({ key, mode: 'allow' });
    expect(granted.kind).toBe('grant-set');
    const completion = client.request(input(1, session));
    const op = await host.nextOperation();
    expect(isProcessAlive(op.pid)).toBe(true);
    await fleet.toolAuthority(session).revoke(key);
    const done = await completion;
    expect(done.outcome.kind).toBe('grant-revoked');
    expect(done.operationId).toBe(op.operationId);
    const ack = await nextAck(acks, op.operationId);
    expect(ack?.hostId).toBe('host-b');
    expect(ack?.stopCause).toMatchObject({ kind: 'cancellation', reason: 'grant-revoked' });
    expect(isProcessAlive(op.pid)).toBe(false);
    acks.close();
  }, 60_000);

  it('completes a tool request whose provider runs on another host', async () => {
    const session = sessions.find((s) => s.hostId === 'host-a') as FleetSession;
    const acks = collectAcks();
    const client = await fleet.toolClient(session, ToolActorId.of('agent.remote'));
    const key = grantKey(client, session, remoteEcho);
    await fleet.toolAuthority(session).grant({ key, mode: 'allow' });
    const done = await client.request(input(10, session, remoteEcho));
    expect(done.outcome).toMatchObject({ kind: 'succeeded' });
    const ack = await acks.next(done.operationId);
    expect(ack).toMatchObject({ hostId: 'host-a', exit: { success: true, code: 0 } });
    acks.close();
  }, 60_000);

  it('ends a provider operation running on another host than the session with its exit ack when the client revokes', async () => {
    const session = sessions.find((s) => s.hostId === 'host-a') as FleetSession;
    const acks = collectAcks();
    const client = await fleet.toolClient(session, ToolActorId.of('agent.remote'));
    const key = grantKey(client, session, remoteHolding);
    await fleet.toolAuthority(session).grant({ key, mode: 'allow' });
    const completion = client.request(input(11, session, remoteHolding));
    // The process runs on the provider host, not on the session's host.
    const op = await providerHost.nextOperation();
    expect(isProcessAlive(op.pid)).toBe(true);
    await fleet.toolAuthority(session).revoke(key);
    const done = await completion;
    expect(done.outcome.kind).toBe('grant-revoked');
    expect(done.operationId).toBe(op.operationId);
    const ack = await acks.next(op.operationId);
    // The session host acks only after the provider host reaped the child.
    expect(isProcessAlive(op.pid)).toBe(false);
    expect(ack.hostId).toBe('host-a');
    expect(ack.stopCause).toMatchObject({ kind: 'cancellation', reason: 'grant-revoked' });
    await delay(1_000);
    expect(acks.of(op.operationId)).toHaveLength(1);
    acks.close();
  }, 60_000);

  it('forwards approvals: an approved request runs, a denied one completes denied', async () => {
    const session = sessions.find((s) => s.hostId === 'host-a') as FleetSession;
    const client = await fleet.toolClient(session, ToolActorId.of('agent.approval'));
    const key = grantKey(client, session, remoteEcho);
    const authority = fleet.toolAuthority(session);
    await authority.grant({ key, mode: 'require-approval' });
    const approved = client.request(input(12, session, remoteEcho));
    const waiting = await awaitingApproval(session, client, 12);
    expect(waiting.status.kind).toBe('awaiting-approval');
    expect((await authority.approve(waiting)).kind).not.toBe('rejected');
    expect((await approved).outcome).toMatchObject({ kind: 'succeeded' });
    const denied = client.request(input(13, session, remoteEcho));
    await authority.deny(await awaitingApproval(session, client, 13));
    expect((await denied).outcome.kind).toBe('approval-denied');
    expect(await authority.pendingApprovals()).toEqual([]);
    expect(fleet.approvalListenerCount).toBe(0);
    // The host published the request on the owner's stream when it entered awaiting-approval.
    const js = jetstream(await connectAs('alice'));
    const stored = await (
      await js.consumers.get('G4A_EVT_alice', {
        filter_subjects: 'g4a.evt.alice.host-a.approval',
        deliver_policy: DeliverPolicy.LastPerSubject,
      })
    ).next({ expires: 10_000 });
    expect(stored?.json()).toMatchObject({
      request: { key: { localId: 13 }, status: { kind: 'awaiting-approval' } },
    });
  }, 60_000);

  it('ends approval requests with the abort reason and leaves no listener behind', async () => {
    const session = sessions.find((s) => s.hostId === 'host-a') as FleetSession;
    const authority = fleet.toolAuthority(session);
    const controller = new AbortController();
    const requests = authority.approvalRequests({ signal: controller.signal });
    expect(fleet.approvalListenerCount).toBe(1);
    const next = requests.next();
    // Nothing awaits approval: the iteration waits until the signal ends it.
    const reason = new Error('the operator left');
    controller.abort(reason);
    await expect(next).rejects.toBe(reason);
    expect(fleet.approvalListenerCount).toBe(0);
    expect(await requests.next()).toEqual({ done: true, value: undefined });
    const aborted = authority.approvalRequests({ signal: AbortSignal.abort(reason) });
    expect(fleet.approvalListenerCount).toBe(0);
    await expect(aborted.next()).rejects.toBe(reason);
  }, 30_000);

  it('lets no other owner read a session or drive it', async () => {
    const nc = await connectAs('mallory');
    const session = sessions.find((s) => s.hostId === 'host-a') as FleetSession;
    const denied = new Promise<unknown>((resolve) => {
      nc.subscribe(`g4a.frame.alice.>`, { callback: (error) => resolve(error) });
    });
    expect(String(await denied)).toMatch(/permission/i);
    await expect(
      nc.request(
        `g4a.host.host-a.cmd.alice`,
        JSON.stringify({ op: 'remove', instanceId: session.instanceId }),
        {
          timeout: 2_000,
        },
      ),
    ).rejects.toThrow();
    const reply = nc.request(
      'g4a.host.host-a.cmd.mallory',
      JSON.stringify({
        commandId: 'm-1',
        command: { op: 'type', instanceId: session.instanceId, text: 'x' },
      }),
      { timeout: 5_000 },
    );
    expect((await reply).json()).toMatchObject({ ok: false, error: { kind: 'not-owner' } });
  }, 60_000);
  it('changes nothing visible when one NATS node dies', async () => {
    await cluster.killNode(0);
    for (const session of sessions) {
      // The fixture echoes one line; later input shows on its screen as typed.
      await session.type(`after-${session.hostId}`);
      await session.waitFor(`after-${session.hostId}`, { timeoutMs: 30_000 });
      expect(session.hostLost).toBeNull();
      expect(session.status.kind).toBe('running');
    }
    expect(
      fleet
        .hosts()
        .map((h) => h.hostId)
        .sort(),
    ).toEqual(['host-a', 'host-b']);
  }, 90_000);

  it('runs a forwarded start sent twice once, and takes the session host from the subject', async () => {
    const nc = await connectAs('host-a');
    const subject = 'g4a.prov.host-p.host-a';
    const ask = async (body: unknown) =>
      (await nc.request(subject, JSON.stringify(body), { timeout: 5_000 })).json();
    const before = providerHost.operations.length;
    const start = {
      op: 'start',
      opId: 'raw-1',
      providerId: 'gate.remote',
      invocation: {
        bindingId: 1,
        operationId: 900,
        requestKey: { consumerId: 'gate4agent-client-900', actorId: 'agent.raw', localId: 1 },
        capabilityId: 'browser.snapshot',
        resourceScopeId: 'page.active',
        deadlineTick: 1_000,
        payload: [],
      },
    };
    const first = await ask(start);
    const again = await ask(start);
    expect(first).toMatchObject({ ok: true, value: { opId: 'raw-1', known: true, exit: null } });
    expect(again).toEqual(first);
    const op = await providerHost.nextOperation();
    expect(await ask({ ...start, providerId: 'gate.nowhere', opId: 'raw-2' })).toMatchObject({
      ok: false,
      error: { kind: 'unknown-provider' },
    });
    // host-a cannot ask as host-b: the server refuses the publish, host-p never sees it.
    await expect(
      nc.request('g4a.prov.host-p.host-b', JSON.stringify({ op: 'status', opIds: ['raw-1'] }), {
        timeout: 2_000,
      }),
    ).rejects.toThrow();
    await ask({ op: 'force-stop', opId: 'raw-1' });
    const deadline = performance.now() + 30_000;
    let state: unknown;
    while (performance.now() < deadline) {
      state = await ask({ op: 'status', opIds: ['raw-1'] });
      if ((state as { value: { states: { exit: unknown }[] } }).value.states[0]?.exit) break;
      await delay(100);
    }
    expect(state).toMatchObject({ ok: true, value: { states: [{ exit: { success: false } }] } });
    expect(isProcessAlive(op.pid)).toBe(false);
    expect(providerHost.operations.length).toBe(before + 1);
  }, 60_000);

  it('marks the sessions of a killed host host-lost with one completion per open request; its forwarded operations end on the provider host', async () => {
    const session = sessions.find((s) => s.hostId === 'host-b') as FleetSession;
    const host = hosts.find((h) => h.hostId === 'host-b') as HostProcess;
    const client = await fleet.toolClient(session, ToolActorId.of('agent.lost'));
    await fleet.toolAuthority(session).grant({ key: grantKey(client, session), mode: 'allow' });
    const completions: FleetCompletion[] = [];
    const open = [2, 3].map((localId) =>
      client.request(input(localId, session)).then((done) => {
        completions.push(done);
        return done;
      }),
    );
    const ops = [await host.nextOperation(), await host.nextOperation()];
    // An operation host-b forwarded to host-p: nothing on host-b can kill it.
    const forwarding = await fleet.toolClient(session, ToolActorId.of('agent.orphan'));
    await fleet
      .toolAuthority(session)
      .grant({ key: grantKey(forwarding, session, remoteHolding), mode: 'allow' });
    const orphan = forwarding.request(input(4, session, remoteHolding));
    const remote = await providerHost.nextOperation();
    await host.kill('SIGTERM');
    const ended = await Promise.all(open);
    const exit = await session.exited;
    expect(ended.map((done) => done.outcome.kind)).toEqual(['host-lost', 'host-lost']);
    expect(ended.map((done) => done.requestKey.localId).sort()).toEqual([2, 3]);
    expect(session.hostLost?.hostId).toBe('host-b');
    expect(exit.status).toMatchObject({ kind: 'failed' });
    expect(fleet.openRequestCount).toBe(0);
    await expect(session.submit('x')).rejects.toMatchObject({ kind: 'host-lost' });
    // The host's own kills ran: its provider children and its agent are gone.
    for (const op of ops) expect(await goneWithin(op.pid)).toBe(true);
    expect((await orphan).outcome.kind).toBe('host-lost');
    await delay(500);
    expect(completions).toHaveLength(2);
    // host-p stops an operation its session host no longer asks about once the lease (3 s) ends.
    const deadline = performance.now() + 30_000;
    while (isProcessAlive(remote.pid) && performance.now() < deadline) await delay(100);
    expect(isProcessAlive(remote.pid)).toBe(false);
  }, 90_000);

  it('ends a forwarded operation once with host-lost when the provider host dies', async () => {
    const session = sessions.find((s) => s.hostId === 'host-a') as FleetSession;
    const acks = collectAcks();
    const client = await fleet.toolClient(session, ToolActorId.of('agent.remote'));
    await fleet
      .toolAuthority(session)
      .grant({ key: grantKey(client, session, remoteHolding), mode: 'allow' });
    const completions: FleetCompletion[] = [];
    const completion = client.request(input(14, session, remoteHolding)).then((done) => {
      completions.push(done);
      return done;
    });
    const op = await providerHost.nextOperation();
    await providerHost.kill('SIGTERM');
    // The provider host's own exit kills ended its child.
    expect(await goneWithin(op.pid)).toBe(true);
    const done = await completion;
    expect(done.outcome).toMatchObject({ kind: 'failed', failure: { kind: 'unavailable' } });
    const failure = (done.outcome as { failure: { redactedMessage: string | null } }).failure;
    expect(failure.redactedMessage).toMatch(/^host-lost: provider host host-p/);
    const ack = await acks.next(op.operationId);
    expect(ack).toMatchObject({ hostId: 'host-a', exit: { success: false, code: null } });
    await delay(1_000);
    expect(completions).toHaveLength(1);
    expect(acks.of(op.operationId)).toHaveLength(1);
    // The session and its host are untouched.
    expect(session.hostLost).toBeNull();
    expect(session.status.kind).toBe('running');
    acks.close();
  }, 60_000);
});
