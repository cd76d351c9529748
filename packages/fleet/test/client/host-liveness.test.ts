// How a FleetClient decides that a host is lost, against a real one-node NATS server and a real
// FleetHost: a host whose record the cluster did not rewrite in time but which still answers on its
// command subject is live (a loaded or recovering JetStream stores heartbeats late); a record that
// nothing answers for is lost.
import { setTimeout as delay } from 'node:timers/promises';
import { interactiveAgentSpec } from '@gate4agent/testkit';
import { Kvm } from '@nats-io/kv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FleetClient } from '../../src/client/fleet-client.js';
import { FLEET_HOST_BUCKET } from '../../src/constants.js';
import { FleetHost } from '../../src/host/fleet-host.js';
import { retryUntil } from '../../src/testing/index.js';
import { type LocalSite, startLocalSite } from '../support/local-site.js';

// Short, so the test is quick; long enough that a loaded machine still sees host-z listed first.
const HOST_TIMEOUT_MS = 1_000;
let site: LocalSite;

const listed = (fleet: FleetClient) =>
  fleet
    .hosts()
    .map((host) => host.hostId)
    .sort();

/** Waits until `holds()`, or `timeoutMs` passed; returns whether it holds. */
async function within(timeoutMs: number, holds: () => boolean): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!holds() && performance.now() < deadline) await delay(20);
  return holds();
}

beforeAll(async () => {
  site = await startLocalSite([interactiveAgentSpec()]);
}, 60_000);

afterAll(async () => {
  await site?.close();
}, 30_000);

describe('host liveness in FleetClient', () => {
  it('keeps a host that answers a ping while its record goes stale, and loses a record nobody answers for', async () => {
    // host-a writes its record once: its heartbeat comes every 10 minutes, as if the cluster
    // stored none of its beats.
    const host = await retryUntil(async () =>
      FleetHost.start({
        connection: await site.connection(),
        hostId: 'host-a',
        runtime: site.runtime,
        capacity: 1,
        agents: [],
        heartbeatMs: 600_000,
        replicas: 1,
      }),
    );
    // host-z is only a record: no host listens on its command subject.
    const kv = await new Kvm(await site.connection()).open(FLEET_HOST_BUCKET);
    const record = {
      hostId: 'host-z',
      capacity: 1,
      sessions: 0,
      agents: [],
      heartbeat: Date.now(),
    };
    await kv.put('host-z', JSON.stringify(record));
    const errors: unknown[] = [];
    const fleet = await FleetClient.connect({
      connection: await site.connection(),
      ownerId: 'alice',
      hostTimeoutMs: HOST_TIMEOUT_MS,
      replicas: 1,
      onError: (error) => errors.push(error),
    });
    try {
      // The watch delivers both records; both go stale together.
      expect(await within(10_000, () => listed(fleet).includes('host-z'))).toBe(true);
      expect(await within(10_000, () => !listed(fleet).includes('host-z'))).toBe(true);
      expect(listed(fleet)).toEqual(['host-a']);
      await delay(HOST_TIMEOUT_MS * 6);
      expect(listed(fleet)).toEqual(['host-a']);
      // A host that unregisters is gone at once, whatever its heartbeat.
      await host.close();
      expect(await within(10_000, () => !listed(fleet).includes('host-a'))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await fleet.dispose();
      await host.close();
    }
  }, 60_000);
});
