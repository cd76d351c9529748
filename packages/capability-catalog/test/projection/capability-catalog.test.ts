import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityCatalog,
  type CapabilityEffect,
  CapabilityProjection,
  CapabilityReadinessPlan,
  CapabilityValue,
} from '../../src/index.js';
import {
  CountingEffect,
  counter,
  useGeneration,
  useToolSet,
  VersionedTool,
} from '../../src/testing/index.js';

function projectionAt(generation: number, version: string) {
  const { set, ids } = useToolSet(generation, useGeneration(generation, 'a'), [['projected', 'b']]);
  const plan = unwrap(CapabilityReadinessPlan.build(set));
  return unwrap(
    CapabilityProjection.with(set, plan, [
      [ids.projected!, CapabilityValue.tool(new VersionedTool('projected', version, []))],
    ]),
  );
}

describe('CapabilityCatalog', () => {
  it('starts at the empty generation 0', () => {
    const catalog = new CapabilityCatalog();
    expect(catalog.currentStamp().generation).toBe(0);
    expect(catalog.pin().projection.len).toBe(0);
  });

  it('publishes by compare-and-swap and rolls back effects of a stale base', () => {
    const catalog = new CapabilityCatalog();
    const base = catalog.currentStamp();
    const closed = counter();
    const receipt = unwrap(
      catalog.publish(base, projectionAt(1, 'one'), null, [new CountingEffect(closed)]),
    );
    expect(receipt.previous).toEqual(base);
    expect(receipt.committed.generation).toBe(1);
    const stale: CapabilityEffect[] = [new CountingEffect(closed)];
    expect(unwrapErr(catalog.publish(base, projectionAt(1, 'again'), null, stale))).toMatchObject({
      kind: 'commit-conflict',
      expectedGeneration: 0,
      actualGeneration: 1,
    });
    expect(stale).toEqual([]);
    expect(catalog.pendingCleanupBatches()).toBe(1);
  });

  it('retires a replaced generation only when its last pin is released', async () => {
    const catalog = new CapabilityCatalog();
    const closed = counter();
    unwrap(
      catalog.publish(catalog.currentStamp(), projectionAt(1, 'one'), null, [
        new CountingEffect(closed),
      ]),
    );
    const pin = catalog.pin();
    unwrap(catalog.publish(catalog.currentStamp(), projectionAt(2, 'two'), null, []));
    expect(catalog.pendingCleanupBatches()).toBe(0);
    expect(pin.stamp.generation).toBe(1);
    pin.release();
    pin.release();
    expect(catalog.pendingCleanupBatches()).toBe(1);
    expect(await catalog.drainCleanup()).toMatchObject({ retiredBatches: 1, effectsClosed: 1 });
    expect(closed.count).toBe(1);
  });
});

describe('CapabilityCatalog.close', () => {
  it('retires the published effects once, seals the queue and closes later arrivals at once', async () => {
    const catalog = new CapabilityCatalog();
    const published = counter();
    unwrap(
      catalog.publish(catalog.currentStamp(), projectionAt(1, 'one'), null, [
        new CountingEffect(published),
      ]),
    );
    const report = await catalog.close();
    expect(report).toMatchObject({ retiredBatches: 1, effectsClosed: 1, isClean: true });
    expect(await catalog.close()).toBe(report);
    await catalog[Symbol.asyncDispose]();
    expect(published.count).toBe(1);
    expect(catalog.currentStamp().generation).toBe(1);
    const late = counter();
    catalog.enqueue('rollback', [new CountingEffect(late)]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(late.count).toBe(1);
    expect(catalog.pendingCleanupBatches()).toBe(0);
  });
});
