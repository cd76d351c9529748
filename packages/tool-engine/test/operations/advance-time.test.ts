import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { configured, request, requestKey } from '../engine/engine-fixtures.js';

describe('advanceTime', () => {
  it('refuses to go backwards and changes nothing on the same tick', () => {
    const engine = configured(null);
    unwrap(engine.advanceTime(4));
    expect(unwrapErr(engine.advanceTime(3))).toMatchObject({
      kind: 'clock-regressed',
      currentTick: 4,
      requestedTick: 3,
    });
    const before = engine.snapshot();
    unwrap(engine.advanceTime(4));
    expect(engine.snapshot()).toEqual(before);
  });

  it('moves the revision on every real advance, even when nothing expires, without an audit event', () => {
    const engine = configured(null);
    const before = engine.snapshot();
    unwrap(engine.advanceTime(1));
    const after = engine.snapshot();
    expect(after.revision).toBe(before.revision + 1);
    expect(after.auditEvents).toEqual(before.auditEvents);
  });

  it('expires deadlines inclusively, awaiting approvals too, stamped with the new tick', () => {
    const engine = configured('require-approval');
    unwrap(engine.request(request(1, 1, 5)));
    unwrap(engine.request(request(2, 1, 6)));
    unwrap(engine.advanceTime(4));
    expect(engine.requestSnapshot(requestKey(1))?.status.kind).toBe('awaiting-approval');
    unwrap(engine.advanceTime(5));
    expect(engine.requestSnapshot(requestKey(1))?.status).toEqual({
      kind: 'timed-out',
      operationId: null,
      cancellation: 'not-required',
    });
    expect(engine.requestSnapshot(requestKey(2))?.status.kind).toBe('awaiting-approval');
    const last = engine.snapshot().auditEvents.at(-1)!;
    expect(last.tick).toBe(5);
    expect(last.event).toEqual({
      kind: 'request-timed-out',
      operationId: null,
      cancellation: 'not-required',
    });
    expect(engine.drainCompletions().completions.map(({ outcome }) => outcome)).toEqual([
      { kind: 'timed-out', cancellation: 'not-required' },
    ]);
    expect(engine.drainEffects()).toEqual([]);
  });

  it('times requests out in key order', () => {
    const engine = configured('require-approval');
    for (const id of [3, 1, 2]) unwrap(engine.request(request(id, 1, 5)));
    unwrap(engine.advanceTime(9));
    expect(engine.drainCompletions().completions.map(({ requestKey: key }) => key.localId)).toEqual(
      [1, 2, 3],
    );
  });
});
