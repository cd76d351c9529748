import { inspect } from 'node:util';
import { unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { ToolEngine } from '../../src/index.js';
import { configured, request } from './engine-fixtures.js';

describe('ToolEngine', () => {
  it('evaluatePolicy is a dry run: the decision request() would reach, with nothing recorded', () => {
    const engine = configured('require-approval');
    const before = engine.snapshot();
    expect(engine.evaluatePolicy(request(1, 1, 100))).toEqual({ kind: 'require-approval' });
    const stale = request(2, 2, 100);
    expect(engine.evaluatePolicy(stale)).toEqual({
      kind: 'deny',
      reason: { kind: 'stale-generation', current: 1 },
    });
    expect(engine.snapshot()).toEqual(before);
    expect(unwrap(engine.request(request(1, 1, 100)))).toEqual(
      engine.evaluatePolicy(request(3, 1, 100)),
    );
  });

  it('counts open requests: admitted ones until they turn terminal', () => {
    const engine = configured('require-approval');
    expect(engine.openRequestCount).toBe(0);
    unwrap(engine.request(request(1, 1, 100)));
    unwrap(engine.request(request(2, 1, 100)));
    expect(engine.openRequestCount).toBe(2);
    unwrap(engine.advanceTime(100));
    expect(engine.openRequestCount).toBe(0);
    expect(engine.snapshot().requests.map((record) => record.status.kind)).toEqual([
      'timed-out',
      'timed-out',
    ]);
  });

  it('prints its snapshot and queue lengths, never payloads', () => {
    const engine = configured('allow');
    unwrap(engine.request(request(1, 1, 100)));
    const printed = inspect(engine, { depth: null, breakLength: Number.POSITIVE_INFINITY });
    expect(printed).toMatch(/^ToolEngine /);
    expect(printed).toContain('pendingEffectCount: 1');
    expect(printed).toContain('pendingCompletionCount: 0');
    expect(printed).not.toContain('active-page');
  });

  it('a new engine is empty, at revision 0 and tick 0', () => {
    const snapshot = new ToolEngine().snapshot();
    expect(snapshot).toMatchObject({
      revision: 0,
      currentTick: 0,
      generations: [],
      providers: [],
      grants: [],
      requests: [],
      auditEvents: [],
      nextCompletionSequence: 1,
      droppedCompletions: 0,
    });
    expect(new ToolEngine().drainCompletions()).toEqual({
      completions: [],
      droppedSinceLastDrain: 0,
      totalDropped: 0,
      nextSequence: 1,
      sequenceExhausted: false,
    });
  });
});
