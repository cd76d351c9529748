// FleetClient.connect against a real one-node NATS server without the host bucket: the connect
// fails after it started reading the owner's events, and leaves no reader or timer behind.
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FleetClient } from '../../src/client/fleet-client.js';
import { type NatsCluster, retryUntil, startNatsCluster } from '../../src/testing/index.js';

let cluster: NatsCluster;
let nc: NatsConnection;

beforeAll(async () => {
  cluster = await startNatsCluster('', 1);
  nc = await retryUntil(() => connect({ servers: [...cluster.servers] }));
  // JetStream answers: the connect below fails at the missing bucket, not before.
  await retryUntil(async () => (await jetstreamManager(nc)).getAccountInfo());
}, 60_000);

afterAll(async () => {
  await nc?.close();
  await cluster?.close();
}, 30_000);

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('FleetClient.connect', () => {
  it('stops what it started when it fails (no host bucket yet)', async () => {
    const before = timers();
    await expect(
      FleetClient.connect({ connection: nc, ownerId: 'alice', replicas: 1 }),
    ).rejects.toThrow(/g4a_hosts|stream not found|not found/i);
    await nc.flush();
    // A connect that leaves its reader running adds its timers (two more); one of the test
    // runner's own may end meanwhile, so fewer is fine.
    expect(timers()).toBeLessThanOrEqual(before);
  }, 30_000);
});
