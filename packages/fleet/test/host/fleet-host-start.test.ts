// FleetHost.start against a real one-node NATS server: a host whose first registration fails
// rejects and is closed, so nothing answers on its command subject.
import type { NativeRuntime } from '@gate4agent/runtime-native';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_MESSAGE_MAX_BYTES } from '../../src/constants.js';
import { FleetHost } from '../../src/host/fleet-host.js';
import { FleetSubjects } from '../../src/subjects.js';
import { type NatsCluster, retryUntil, startNatsCluster } from '../../src/testing/index.js';

let cluster: NatsCluster;
let nc: NatsConnection;

beforeAll(async () => {
  cluster = await startNatsCluster('', 1);
  nc = await retryUntil(() => connect({ servers: [...cluster.servers] }));
}, 60_000);

afterAll(async () => {
  await nc?.close();
  await cluster?.close();
}, 30_000);

/** What FleetHost reads of a runtime before it serves a command: nothing publishes here. */
const idleRuntime = {
  onPublish: () => () => undefined,
  subscribeProviderExitAcks: () => ({
    close: () => undefined,
    [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => undefined) }),
  }),
} as unknown as NativeRuntime;

describe('FleetHost.start', () => {
  it('closes the host when its first registration fails: no command is answered', async () => {
    // A record above the server's max_payload: the bucket is created, the first put fails.
    const agents = Array.from({ length: FLEET_MESSAGE_MAX_BYTES / 32 }, (_, i) =>
      `agent-${i}`.padEnd(40, 'x'),
    );
    const start = () =>
      FleetHost.start({
        connection: nc,
        hostId: 'host-a',
        runtime: idleRuntime,
        capacity: 1,
        agents,
        replicas: 1,
      });
    // The first JetStream call waits for the server to be ready; the put then fails every time.
    const failure = await retryUntil(async () => {
      const error = await start().then(
        () => new Error('the host started'),
        (thrown: unknown) => thrown,
      );
      if (!/max.?payload/i.test(String(error))) throw error;
      return error;
    });
    expect(String(failure)).toMatch(/max.?payload/i);
    const command = JSON.stringify({ commandId: 'c-1', command: { op: 'pending-approvals' } });
    await expect(
      nc.request(FleetSubjects.command('host-a', 'alice'), command, { timeout: 2_000 }),
    ).rejects.toThrow(/no responders/i);
  }, 60_000);
});
