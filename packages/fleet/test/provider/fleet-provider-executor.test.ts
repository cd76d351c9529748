// The session host's side of a forwarded provider against a scripted connection: liveness comes
// from the provider host's heartbeat, never from a poll.
import {
  ProviderCancellationFlag,
  ProviderCancellationToken,
  type ProviderInvocation,
} from '@gate4agent/handle';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FleetProviderExecutor } from '../../src/provider/fleet-provider-executor.js';

const token = new ProviderCancellationToken(new ProviderCancellationFlag());
const invocation = {
  bindingId: () => 1,
  operationId: () => 7,
  requestKey: () => ({ consumerId: 'gate4agent-client-1', actorId: 'agent.remote', localId: 1 }),
  capabilityId: () => 'browser.snapshot',
  resourceScopeId: () => 'page.active',
  deadlineTick: () => 1_000,
  payload: () => new Uint8Array(),
  cancellationToken: () => token,
} as unknown as ProviderInvocation;

/** A connection that answers `start` at once and nothing else, and records what is sent. */
function scriptedConnection() {
  const requests: { op: string }[] = [];
  const published: { subject: string; body: { op: string; opIds?: string[] } }[] = [];
  let push: (body: unknown) => void = () => undefined;
  const nc = {
    subscribe: (_subject: string, options: { callback: (e: null, m: unknown) => void }) => {
      push = (body) => options.callback(null, { json: () => body });
      return { unsubscribe: () => undefined };
    },
    publish: (subject: string, data: string) => published.push({ subject, body: JSON.parse(data) }),
    request: (_subject: string, data: string) => {
      const body = JSON.parse(data) as { op: string; opId: string };
      requests.push(body);
      if (body.op !== 'start') return new Promise(() => undefined);
      const state = { opId: body.opId, known: true, result: null, closed: false, exit: null };
      return Promise.resolve({ json: () => ({ ok: true, value: state }) });
    },
  } as unknown as NatsConnection;
  return { nc, requests, published, push: (body: unknown) => push(body) };
}

/** An executor for host-a forwarding to host-p over a scripted connection, with one started operation. */
async function startedOperation(options: { readonly hostTimeoutMs?: number }) {
  const connection = scriptedConnection();
  const executor = new FleetProviderExecutor({
    connection: connection.nc,
    hostId: 'host-a',
    providerHostId: 'host-p',
    providerId: 'gate.remote',
    ...options,
  });
  const started = executor.start(invocation);
  if (!started.ok) throw new Error('start refused');
  await new Promise((settled) => setImmediate(settled)); // the start's reply is applied
  return { connection, executor, operation: started.value };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('FleetProviderExecutor', () => {
  it('keeps an operation while heartbeats come, without polling, and loses it once they stop', async () => {
    const { connection, executor, operation } = await startedOperation({ hostTimeoutMs: 4_000 });
    const opId = (connection.requests[0] as unknown as { opId: string }).opId;
    const state = { opId, known: true, result: null, closed: false, exit: null };
    for (let second = 0; second < 10; second += 1) {
      connection.push({ states: [state], full: true });
      vi.advanceTimersByTime(1_000);
    }
    expect(operation.tryWait()).toEqual({ ok: true, value: null });
    // Only the start was a request; the lease was renewed with plain publishes.
    expect(connection.requests.map((request) => request.op)).toEqual(['start']);
    const renewals = connection.published.filter((message) => message.body.op === 'status');
    expect(renewals.length).toBeGreaterThanOrEqual(8);
    expect(renewals[0]).toEqual({
      subject: 'g4a.prov.host-p.host-a',
      body: { op: 'status', opIds: [opId] },
    });
    vi.advanceTimersByTime(4_500);
    expect(operation.tryWait()).toEqual({ ok: true, value: { success: false, code: null } });
    const result = operation.tryPollResult();
    expect(result.ok && result.value.kind === 'ready' && result.value.observation).toMatchObject({
      kind: 'failed',
      failure: { redactedMessage: expect.stringMatching(/^host-lost: provider host host-p/) },
    });
    expect(executor.openCount).toBe(0);
    executor.close();
  });

  it('loses a started operation that the heartbeat no longer lists (the provider host restarted)', async () => {
    const { connection, executor, operation } = await startedOperation({});
    connection.push({ states: [], full: false });
    expect(operation.tryWait()).toEqual({ ok: true, value: null });
    connection.push({ states: [], full: true });
    expect(operation.tryWait()).toEqual({ ok: true, value: { success: false, code: null } });
    executor.close();
  });
});
