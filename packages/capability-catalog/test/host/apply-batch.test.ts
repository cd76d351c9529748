import { unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  type CapabilityCommitReceipt,
  CapabilityValue,
  SessionCapabilityBatch,
} from '../../src/index.js';
import {
  type Counter,
  CountingEffect,
  counter,
  FailingAdapter,
  Latch,
  LateAdapter,
  leaseCounters,
  provider,
  ReadyAdapter,
  testSession,
  useGeneration,
  useToolSet,
  VersionedTool,
  waitUntil,
} from '../../src/testing/index.js';

function lateBatch(closed: Counter, entered: Latch, release: Latch) {
  const upstream = useGeneration(1, 'a');
  const { set, ids } = useToolSet(1, upstream, [['late', 'b']]);
  const batch = unwrap(
    SessionCapabilityBatch.fromUseProjection(set, provider(upstream, leaseCounters())),
  );
  const value = CapabilityValue.tool(new VersionedTool('late', 'late', []));
  unwrap(
    batch.stage(ids.late!, new LateAdapter(value, new CountingEffect(closed), entered, release)),
  );
  return batch;
}

describe('applyCapabilityBatch beyond the reference', () => {
  it('closes the effects of an adapter that resolves after its batch was cancelled exactly once', async () => {
    const session = testSession('late-adapter-cancelled');
    const before = session.capabilityCatalogStamp();
    const closed = counter();
    const entered = new Latch();
    const release = new Latch();
    const cancellation = new AbortController();
    const apply = session.applyCapabilityBatch(
      lateBatch(closed, entered, release),
      cancellation.signal,
    );
    await entered.wait();
    cancellation.abort();
    expect(await apply).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(session.capabilityCatalog.pendingCleanupBatches()).toBe(0);
    release.signal();
    await waitUntil(() => session.capabilityCatalog.pendingCleanupBatches() === 1);
    expect(await session.drainCapabilityCleanup()).toMatchObject({
      rollbackBatches: 1,
      effectsClosed: 1,
    });
    expect(await session.drainCapabilityCleanup()).toMatchObject({
      rollbackBatches: 0,
      effectsClosed: 0,
    });
    await session.close();
    expect(closed.count).toBe(1);
    expect(session.capabilityCatalogStamp()).toEqual(before);
  });

  it('closes a late adapter effect exactly once even when the Session closed meanwhile', async () => {
    const session = testSession('late-adapter-closed');
    const closed = counter();
    const entered = new Latch();
    const release = new Latch();
    const apply = session.applyCapabilityBatch(lateBatch(closed, entered, release));
    await entered.wait();
    await session.close();
    expect(await apply).toMatchObject({ ok: false, error: { kind: 'session-closed' } });
    release.signal();
    await waitUntil(() => closed.count === 1);
    expect(session.capabilityCatalog.pendingCleanupBatches()).toBe(0);
    await session.drainCapabilityCleanup();
    expect(closed.count).toBe(1);
  });

  it('publishes 100 concurrent batches in one linear order and loses no rollback', async () => {
    const session = testSession('hundred-concurrent-batches');
    const effects: Counter[] = [];
    const expected: ('commit' | 'rollback')[] = [];
    const applies: Promise<unknown>[] = [];
    let nextGeneration = 1;
    for (let i = 0; i < 100; i += 1) {
      const fails = i % 3 === 2;
      const upstream = useGeneration(i + 1, 'a');
      const names: [string, string][] = fails
        ? [
            ['alpha', 'b'],
            ['omega', 'c'],
          ]
        : [['alpha', 'b']];
      const { set, ids } = useToolSet(nextGeneration, upstream, names);
      const batch = unwrap(
        SessionCapabilityBatch.fromUseProjection(set, provider(upstream, leaseCounters())),
      );
      const closed = counter();
      effects.push(closed);
      const value = CapabilityValue.tool(new VersionedTool('alpha', `batch-${i}`, []));
      unwrap(batch.stage(ids.alpha!, new ReadyAdapter(value, new CountingEffect(closed))));
      if (fails) unwrap(batch.stage(ids.omega!, new FailingAdapter()));
      else nextGeneration += 1;
      expected.push(fails ? 'rollback' : 'commit');
      applies.push(session.applyCapabilityBatch(batch));
    }
    const results = (await Promise.all(applies)) as {
      ok: boolean;
      value?: CapabilityCommitReceipt;
    }[];
    expect(results.map((r) => (r.ok ? 'commit' : 'rollback'))).toEqual(expected);
    const receipts = results.filter((r) => r.ok).map((r) => r.value!);
    expect(receipts.map((r) => r.committed.generation)).toEqual(
      Array.from({ length: receipts.length }, (_, i) => i + 1),
    );
    for (let i = 1; i < receipts.length; i += 1) {
      expect(receipts[i]!.previous).toEqual(receipts[i - 1]!.committed);
    }
    expect(session.capabilityCatalogStamp()).toEqual(receipts.at(-1)!.committed);
    const rollbacks = expected.filter((e) => e === 'rollback').length;
    expect(await session.drainCapabilityCleanup()).toMatchObject({
      rollbackBatches: rollbacks,
      retiredBatches: receipts.length - 1,
      effectsClosed: 99,
      isClean: true,
    });
    await session.close();
    expect(effects.map((c) => c.count)).toEqual(Array.from({ length: 100 }, () => 1));
  });
});
