// The stream reader against a real 3-node cluster: the node that holds its ordered consumer dies
// and is not restarted; the reader builds a new consumer and reads on, every message once.
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamReader } from '../../src/client/stream-reader.js';
import { type NatsCluster, retryUntil, startNatsCluster } from '../../src/testing/index.js';

let cluster: NatsCluster;
let nc: NatsConnection;

beforeAll(async () => {
  cluster = await startNatsCluster('');
  nc = await retryUntil(() =>
    connect({ servers: [...cluster.servers], maxReconnectAttempts: -1, reconnectTimeWait: 250 }),
  );
}, 60_000);

afterAll(async () => {
  await nc?.close();
  await cluster?.close();
}, 30_000);

describe('StreamReader', () => {
  it('reads on, each message once, after the node holding its consumer died for good', async () => {
    const jsm = await retryUntil(() => jetstreamManager(nc));
    await retryUntil(() =>
      jsm.streams.add({ name: 'EVENTS', subjects: ['events.>'], num_replicas: 3 }),
    );
    const js = jetstream(nc);
    const received: string[] = [];
    const waiters: (() => void)[] = [];
    const reader = await retryUntil(() =>
      StreamReader.start(nc, {
        stream: 'EVENTS',
        filter: 'events.>',
        startSeq: 1,
        onMessage: (msg) => {
          received.push(msg.string());
          for (const wake of waiters.splice(0)) wake();
        },
        // A rebuild placed on the dead node again times out and is tried again: not a failure.
        onError: () => undefined,
      }),
    );
    const receivedCount = async (count: number) => {
      while (received.length < count) await new Promise<void>((wake) => waiters.push(wake));
    };
    await retryUntil(() => js.publish('events.a', 'first'));
    await receivedCount(1);
    // The ordered consumer lives on one node; kill exactly that one.
    const consumers = await jsm.consumers.list('EVENTS').next();
    const leader = consumers[0]?.cluster?.leader;
    const index = cluster.nodes.findIndex((node) => node.name === leader);
    expect(index).toBeGreaterThanOrEqual(0);
    await cluster.killNode(index);
    // The stream itself has 3 replicas: once it elects a leader, it stores again.
    await retryUntil(() => js.publish('events.b', 'second'));
    await retryUntil(() => js.publish('events.c', 'third'));
    await receivedCount(3);
    expect(received).toEqual(['first', 'second', 'third']);
    expect(reader.rebuilds).toBeGreaterThanOrEqual(1);
    reader.stop();
  }, 60_000);
});
