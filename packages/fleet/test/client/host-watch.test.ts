// The client's watch of the host bucket when the NATS node holding its consumer dies for good: a
// host that registers after that is still seen (only the watch can tell the client of a new host;
// its direct reads ask for hosts it knows).
import { setTimeout as delay } from 'node:timers/promises';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_HOST_BUCKET } from '../../src/constants.js';
import {
  createFleetUserKey,
  FleetClient,
  fleetAuthorizationConfig,
  fleetConnectOptions,
} from '../../src/index.js';
import { type NatsCluster, retryUntil, startNatsCluster } from '../../src/testing/index.js';

const keys = {
  'host-a': createFleetUserKey(),
  'host-b': createFleetUserKey(),
  alice: createFleetUserKey(),
  // Reads the cluster's consumer placement: an nkey user without permissions may do anything.
  admin: createFleetUserKey(),
};
let cluster: NatsCluster;
const connections: NatsConnection[] = [];
let fleet: FleetClient;

async function connectAs(userId: keyof typeof keys): Promise<NatsConnection> {
  const options = fleetConnectOptions({
    servers: cluster.servers,
    userId,
    seed: keys[userId].seed,
  });
  const nc = await retryUntil(() =>
    connect(userId === 'admin' ? { ...options, inboxPrefix: '_INBOX' } : options),
  );
  connections.push(nc);
  return nc;
}

/** Writes `hostId`'s record every 250 ms, as a host's heartbeat does, until `signal` aborts. */
async function beat(nc: NatsConnection, hostId: string, signal: AbortSignal): Promise<void> {
  const kv = await retryUntil(() =>
    new Kvm(nc).create(FLEET_HOST_BUCKET, { history: 1, replicas: 3 }),
  );
  while (!signal.aborted) {
    const record = { hostId, capacity: 1, sessions: 0, agents: [], heartbeat: Date.now() };
    await kv.put(hostId, JSON.stringify(record)).catch(() => undefined);
    await delay(250, undefined, { signal }).catch(() => undefined);
  }
}

const known = (hostId: string) => fleet.hosts().some((host) => host.hostId === hostId);

beforeAll(async () => {
  cluster = await startNatsCluster(
    fleetAuthorizationConfig([
      { role: 'host', id: 'host-a', publicKey: keys['host-a'].publicKey },
      { role: 'host', id: 'host-b', publicKey: keys['host-b'].publicKey },
      { role: 'owner', id: 'alice', publicKey: keys.alice.publicKey },
    ]).replace(
      '  users = [\n',
      `  users = [\n    { nkey: ${JSON.stringify(keys.admin.publicKey)} },\n`,
    ),
  );
}, 60_000);

afterAll(async () => {
  await fleet?.dispose();
  for (const nc of connections) await nc.close().catch(() => undefined);
  await cluster?.close();
}, 30_000);

describe('the host bucket watch of FleetClient', () => {
  it('sees a host that registers after the node holding its watch died', async () => {
    const stop = new AbortController();
    const beats = [beat(await connectAs('host-a'), 'host-a', stop.signal)];
    const nc = await connectAs('alice');
    fleet = await retryUntil(() =>
      FleetClient.connect({ connection: nc, ownerId: 'alice', hostTimeoutMs: 3_000 }),
    );
    while (!known('host-a')) await delay(50);
    // The watch is an ordered consumer of the bucket's stream: one replica, on one node.
    const admin = await jetstreamManager(await connectAs('admin'));
    const consumers = await admin.consumers.list(`KV_${FLEET_HOST_BUCKET}`).next();
    expect(consumers).toHaveLength(1);
    const leader = consumers[0]?.cluster?.leader;
    const index = cluster.nodes.findIndex((node) => node.name === leader);
    expect(index).toBeGreaterThanOrEqual(0);
    await cluster.killNode(index);
    beats.push(beat(await connectAs('host-b'), 'host-b', stop.signal));
    // The client notices the stall a host timeout (3 s) after the kill and builds the watch again
    // (seen after 25 s on a loaded machine); left to the client library's own recovery, the watch
    // saw host-b only after about a minute, so this limit tells the two apart.
    const deadline = performance.now() + 45_000;
    while (!known('host-b') && performance.now() < deadline) await delay(100);
    const seen = known('host-b');
    stop.abort();
    await Promise.all(beats);
    expect(seen).toBe(true);
    expect(known('host-a')).toBe(true);
  }, 90_000);
});
