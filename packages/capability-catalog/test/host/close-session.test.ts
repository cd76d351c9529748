// Deterministic versions of the reference's close/commit race (spec §11.5): the FIFO
// publication lock decides which of the two single linearisations happens.
import { unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { CapabilityValue, SessionCapabilityBatch } from '../../src/index.js';
import {
  CountingEffect,
  counter,
  Latch,
  leaseCounters,
  provider,
  SignallingReadyAdapter,
  testSession,
  useGeneration,
  useToolSet,
  VersionedTool,
  waitUntil,
} from '../../src/testing/index.js';

function raceFixture(name: string) {
  const session = testSession(name);
  const closedEffects = counter();
  const prepared = new Latch();
  const upstream = useGeneration(1, 'a');
  const { set, ids } = useToolSet(1, upstream, [['projected', 'b']]);
  const batch = unwrap(
    SessionCapabilityBatch.fromUseProjection(set, provider(upstream, leaseCounters())),
  );
  unwrap(
    batch.stage(
      ids.projected!,
      new SignallingReadyAdapter(
        CapabilityValue.tool(new VersionedTool('projected', 'commit-race', [])),
        new CountingEffect(closedEffects),
        prepared,
      ),
    ),
  );
  return { session, closedEffects, prepared, batch, before: session.capabilityCatalogStamp() };
}

describe('session close and a ready commit', () => {
  it('commit wins when the apply queued for the publication lock first', async () => {
    const { session, closedEffects, prepared, batch, before } = raceFixture('race-commit-wins');
    const lock = session.immediateExtensionMutation;
    const release = await lock.acquire('test');
    const apply = session.applyCapabilityBatch(batch);
    await prepared.wait();
    await waitUntil(() => lock.waiters.length === 1);
    const close = session.close();
    await waitUntil(() => lock.waiters.length === 2);
    expect(lock.waiters).toEqual(['capability-publication', 'session-close']);
    release();
    const receipt = unwrap(await apply);
    await close;
    expect(receipt.previous).toEqual(before);
    expect(receipt.committed.generation).toBe(1);
    expect(session.capabilityCatalogStamp().generation).toBe(1);
    expect(closedEffects.count).toBe(1);
    expect(session.capabilityCatalog.pendingCleanupBatches()).toBe(0);
    expect(session.capabilityCloseReport()).toMatchObject({ retiredBatches: 1, effectsClosed: 1 });
  });

  it('close wins when it queued for the publication lock first', async () => {
    const { session, closedEffects, prepared, batch, before } = raceFixture('race-close-wins');
    const lock = session.immediateExtensionMutation;
    const release = await lock.acquire('test');
    const close = session.close();
    await waitUntil(() => lock.waiters.length === 1);
    const apply = session.applyCapabilityBatch(batch);
    await prepared.wait();
    await waitUntil(() => lock.waiters.length === 2);
    expect(lock.waiters).toEqual(['session-close', 'capability-publication']);
    release();
    expect(await apply).toMatchObject({ ok: false, error: { kind: 'session-closed' } });
    await close;
    expect(session.capabilityCatalogStamp()).toEqual(before);
    expect(closedEffects.count).toBe(1);
    expect(session.capabilityCatalog.pendingCleanupBatches()).toBe(0);
    expect(session.capabilityCloseReport()).toMatchObject({ rollbackBatches: 1, effectsClosed: 1 });
  });
});
