import { ok, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityCatalog,
  CapabilityProjection,
  CapabilityReadinessPlan,
  CapabilityTransaction,
  CapabilityValue,
  PreparedCapability,
} from '../../src/index.js';
import {
  CountingEffect,
  counter,
  useGeneration,
  useToolSet,
  VersionedTool,
} from '../../src/testing/index.js';

function _projectionAt(generation: number, version: string) {
  const { set, ids } = useToolSet(generation, useGeneration(generation, 'a'), [['projected', 'b']]);
  const plan = unwrap(CapabilityReadinessPlan.build(set));
  return unwrap(
    CapabilityProjection.with(set, plan, [
      [ids.projected!, CapabilityValue.tool(new VersionedTool('projected', version, []))],
    ]),
  );
}

describe('CapabilityTransaction', () => {
  const catalog = () => new CapabilityCatalog();

  it('refuses a target that is not the next generation', () => {
    const { set } = useToolSet(2, useGeneration(1, 'a'), [['projected', 'b']]);
    expect(unwrapErr(CapabilityTransaction.begin(catalog(), set))).toMatchObject({
      kind: 'target-generation-mismatch',
      expected: 1,
      actual: 2,
    });
  });

  it('refuses unknown and duplicate staging and reports the first unstaged id before preparing', async () => {
    const { set, ids } = useToolSet(1, useGeneration(1, 'a'), [
      ['alpha', 'b'],
      ['omega', 'c'],
    ]);
    const other = useToolSet(1, useGeneration(1, 'a'), [['stranger', 'b']]);
    const txn = unwrap(CapabilityTransaction.begin(catalog(), set));
    let prepared = 0;
    const adapter = {
      prepare: async () => {
        prepared += 1;
        return ok(
          new PreparedCapability(CapabilityValue.tool(new VersionedTool('omega', 'v', []))),
        );
      },
    };
    expect(unwrapErr(txn.stage(other.ids.stranger!, adapter))).toMatchObject({
      kind: 'unknown-staged-capability',
    });
    unwrap(txn.stage(ids.omega!, adapter));
    expect(unwrapErr(txn.stage(ids.omega!, adapter))).toMatchObject({
      kind: 'duplicate-staged-capability',
    });
    expect(unwrapErr(await txn.prepare(new AbortController().signal))).toMatchObject({
      kind: 'missing-staged-capability',
      capability: ids.alpha!.toString(),
    });
    expect(prepared).toBe(0);
  });

  it('fails with cancelled before any adapter runs when the signal already fired', async () => {
    const { set, ids } = useToolSet(1, useGeneration(1, 'a'), [['alpha', 'b']]);
    const txn = unwrap(CapabilityTransaction.begin(catalog(), set));
    let prepared = 0;
    unwrap(
      txn.stage(ids.alpha!, {
        prepare: async () => {
          prepared += 1;
          return ok(
            new PreparedCapability(CapabilityValue.tool(new VersionedTool('alpha', 'v', []))),
          );
        },
      }),
    );
    expect(unwrapErr(await txn.prepare(AbortSignal.abort()))).toMatchObject({ kind: 'cancelled' });
    expect(prepared).toBe(0);
  });

  it('turns a thrown adapter into prepare-failed and rolls its earlier effects back once', async () => {
    const cat = catalog();
    const { set, ids } = useToolSet(1, useGeneration(1, 'a'), [
      ['alpha', 'b'],
      ['omega', 'c'],
    ]);
    const txn = unwrap(CapabilityTransaction.begin(cat, set));
    const closed = counter();
    unwrap(
      txn.stage(ids.alpha!, {
        prepare: async () =>
          ok(
            new PreparedCapability(
              CapabilityValue.tool(new VersionedTool('alpha', 'v', [])),
            ).pushEffect(new CountingEffect(closed)),
          ),
      }),
    );
    unwrap(
      txn.stage(ids.omega!, {
        prepare: async () => {
          throw new Error('adapter exploded');
        },
      }),
    );
    expect(unwrapErr(await txn.prepare(new AbortController().signal))).toMatchObject({
      kind: 'prepare-failed',
      detail: 'adapter exploded',
    });
    txn.rollbackIfArmed();
    txn.rollbackIfArmed();
    expect(cat.pendingCleanupBatches()).toBe(1);
    await cat.drainCleanup();
    expect(closed.count).toBe(1);
  });

  it('accepts exactly MAX_CAPABILITY_TRANSACTION_EFFECTS effects', async () => {
    const cat = catalog();
    const { set, ids } = useToolSet(1, useGeneration(1, 'a'), [['alpha', 'b']]);
    const txn = unwrap(CapabilityTransaction.begin(cat, set));
    const closed = counter();
    unwrap(
      txn.stage(ids.alpha!, {
        prepare: async () => {
          const prepared = new PreparedCapability(
            CapabilityValue.tool(new VersionedTool('alpha', 'v', [])),
          );
          for (let i = 0; i < 4_096; i += 1) prepared.pushEffect(new CountingEffect(closed));
          return ok(prepared);
        },
      }),
    );
    unwrap(await txn.prepare(new AbortController().signal));
    unwrap(txn.validate());
    expect(unwrap(txn.commit(null)).committed.generation).toBe(1);
    txn[Symbol.dispose]();
    expect(cat.pendingCleanupBatches()).toBe(0);
    expect((await cat.close()).effectsClosed).toBe(4_096);
  });

  it('bounds the collected effects at MAX_CAPABILITY_TRANSACTION_EFFECTS', async () => {
    const cat = catalog();
    const { set, ids } = useToolSet(1, useGeneration(1, 'a'), [['alpha', 'b']]);
    const txn = unwrap(CapabilityTransaction.begin(cat, set));
    const closed = counter();
    unwrap(
      txn.stage(ids.alpha!, {
        prepare: async () => {
          const prepared = new PreparedCapability(
            CapabilityValue.tool(new VersionedTool('alpha', 'v', [])),
          );
          for (let i = 0; i < 4_097; i += 1) prepared.pushEffect(new CountingEffect(closed));
          return ok(prepared);
        },
      }),
    );
    expect(unwrapErr(await txn.prepare(new AbortController().signal))).toMatchObject({
      kind: 'effect-bound-exceeded',
      max: 4_096,
    });
    txn.rollbackIfArmed();
    expect((await cat.drainCleanup()).effectsClosed).toBe(4_097);
  });

  it('refuses a new generation once the catalog generation is exhausted', () => {
    const cat = catalog();
    const last = useToolSet(Number.MAX_SAFE_INTEGER, useGeneration(1, 'a'), [['alpha', 'b']]);
    const plan = unwrap(CapabilityReadinessPlan.build(last.set));
    const value = CapabilityValue.tool(new VersionedTool('alpha', 'v', []));
    const projection = unwrap(
      CapabilityProjection.with(last.set, plan, [[last.ids.alpha!, value]]),
    );
    unwrap(cat.publish(cat.currentStamp(), projection, null, []));
    const { set } = useToolSet(1, useGeneration(1, 'a'), [['alpha', 'b']]);
    expect(unwrapErr(CapabilityTransaction.begin(cat, set))).toMatchObject({
      kind: 'generation-exhausted',
    });
  });

  it('refuses to commit before validation', () => {
    const { set } = useToolSet(1, useGeneration(1, 'a'), [['alpha', 'b']]);
    const txn = unwrap(CapabilityTransaction.begin(catalog(), set));
    expect(unwrapErr(txn.commit(null))).toMatchObject({ kind: 'invalid-transaction-state' });
  });
});
