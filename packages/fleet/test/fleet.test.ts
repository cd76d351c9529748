// The fleet against real nats-server processes: a 3-node JetStream cluster on loopback, two hosts
// (real child Node processes, each a NativeRuntime with the fixture agent and a provider of
// long-running children), one client. Everything is started here and reaped here.
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
import { type HostProcess, startHost } from './support/host-process.js';

const agentId = AgentId.of(CONTROL_FIXTURE_ID);
const providerId = ToolProviderId.of('gate.fleet');
const capabilityId = ToolCapabilityId.of('browser.snapshot');
const scope = ResourceScopeId.of('page.active');
const keys = {
  'host-a': createFleetUserKey(),
  'host-b': createFleetUserKey(),
  alice: createFleetUserKey(),
  mallory: createFleetUserKey(),
};

let cluster: NatsCluster;
const hosts: HostProcess[] = [];
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

function grantKey(client: FleetToolClient, session: FleetSession): PolicyKey {
  return {
    consumerId: ConsumerId.of(client.consumerId()),
    actorId: ToolActorId.of(client.actorId()),
    instanceId: session.instanceId,
    generation: session.generation as SessionGeneration,
    providerId,
    capabilityId,
    resourceScopeId: scope,
  };
}

function input(localId: number, session: FleetSession): CapabilityRequestInput {
  return CapabilityRequestInput.of({
    localId: CapabilityRequestId.of(localId),
    instanceId: session.instanceId,
    generation: session.generation as SessionGeneration,
    providerId,
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

beforeAll(async () => {
  cluster = await startNatsCluster(
    fleetAuthorizationConfig([
      { role: 'host', id: 'host-a', publicKey: keys['host-a'].publicKey },
      { role: 'host', id: 'host-b', publicKey: keys['host-b'].publicKey },
      { role: 'owner', id: 'alice', publicKey: keys.alice.publicKey },
      { role: 'owner', id: 'mallory', publicKey: keys.mallory.publicKey },
    ]),
  );
  for (const hostId of ['host-a', 'host-b'] as const) {
    hosts.push(await startHost(hostId, 1, cluster.servers, keys[hostId].seed));
  }
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
  for (const nc of connections) await nc.close().catch(() => undefined);
  await cluster?.close();
  // No process is left on any host: no fixture of this run, no host, no nats-server.
  expect(findFixtureProcesses(fixtureRunTag())).toEqual([]);
  for (const host of hosts) expect(isProcessAlive(host.child.pid ?? 0)).toBe(false);
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

  it('ends a provider operation on another host with its exit ack when the client revokes', async () => {
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

  it('marks the sessions of a killed host host-lost with one completion per open request', async () => {
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
    for (const op of ops) expect(isProcessAlive(op.pid)).toBe(false);
    await delay(500);
    expect(completions).toHaveLength(2);
  }, 90_000);
});
