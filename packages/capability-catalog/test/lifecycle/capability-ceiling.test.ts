import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { CapabilityCeiling, CapabilitySet } from '../../src/index.js';
import { useGeneration, useToolSet } from '../../src/testing/index.js';

const { set, ids } = useToolSet(1, useGeneration(1, 'a'), [
  ['alpha', 'b'],
  ['omega', 'c'],
]);

describe('CapabilityCeiling', () => {
  it('allows every id of the set with all() and refuses ids outside or repeated', () => {
    const all = unwrap(CapabilityCeiling.all(set));
    expect(all.allowedCapabilities.map((i) => i.localId)).toEqual(['alpha', 'omega']);
    expect(unwrapErr(CapabilityCeiling.create(CapabilitySet.empty(), [ids.alpha!]))).toMatchObject({
      kind: 'capability-outside-catalog',
    });
    expect(unwrapErr(CapabilityCeiling.create(set, [ids.alpha!, ids.alpha!]))).toMatchObject({
      kind: 'duplicate-ceiling-capability',
    });
    const limits = {
      maxToolRounds: 0,
      maxParallelTasks: 1,
      toolTimeoutMs: null,
      runTimeoutMs: null,
    };
    expect(unwrapErr(CapabilityCeiling.all(set, { limits }))).toMatchObject({
      kind: 'invalid-execution-limit',
      field: 'max_tool_rounds',
    });
  });

  it('names the first dimension a child widens', () => {
    const parent = unwrap(
      CapabilityCeiling.create(set, [ids.alpha!], {
        workspace: {
          read: true,
          write: false,
          execute: false,
          search: true,
          git: false,
          codeIntelligence: false,
        },
        requiredGuards: ['approval'],
        limits: { maxToolRounds: 4, maxParallelTasks: 1, toolTimeoutMs: 1_000, runTimeoutMs: null },
      }),
    );
    expect(unwrapErr(unwrap(CapabilityCeiling.all(set)).within(parent))).toMatchObject({
      dimension: 'capabilities',
    });
    const wider = unwrap(
      CapabilityCeiling.create(set, [ids.alpha!], { requiredGuards: ['approval'] }),
    );
    expect(unwrapErr(wider.within(parent))).toMatchObject({ dimension: 'workspace.write' });
    const narrow = {
      read: true,
      write: false,
      execute: false,
      search: false,
      git: false,
      codeIntelligence: false,
    };
    expect(
      unwrapErr(
        unwrap(CapabilityCeiling.create(set, [ids.alpha!], { workspace: narrow })).within(parent),
      ),
    ).toMatchObject({
      dimension: 'governance.approval',
    });
    const slower = unwrap(
      CapabilityCeiling.create(set, [], {
        workspace: narrow,
        requiredGuards: ['approval'],
        limits: { maxToolRounds: 4, maxParallelTasks: 1, toolTimeoutMs: null, runTimeoutMs: null },
      }),
    );
    expect(unwrapErr(slower.within(parent))).toMatchObject({
      dimension: 'execution.tool_timeout_ms',
    });
    const inside = unwrap(
      CapabilityCeiling.create(set, [], {
        workspace: narrow,
        requiredGuards: ['approval', 'audit'],
        limits: { maxToolRounds: 2, maxParallelTasks: 1, toolTimeoutMs: 500, runTimeoutMs: 10 },
      }),
    );
    expect(inside.within(parent).ok).toBe(true);
    expect(
      unwrapErr(unwrap(CapabilityCeiling.all(CapabilitySet.empty())).within(parent)),
    ).toMatchObject({ kind: 'ceiling-catalog-mismatch' });
  });
});
