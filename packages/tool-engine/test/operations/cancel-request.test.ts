import { unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { configured, request, requestKey } from '../engine/engine-fixtures.js';

describe('cancelRequest', () => {
  it('ends a dispatched request client-cancelled and queues a cancel for its operation', () => {
    const engine = configured('allow');
    unwrap(engine.request(request(1, 1, 100)));
    const [invoke] = engine.drainEffects();
    expect(invoke?.effect.kind).toBe('invoke');
    const revision = engine.snapshot().revision;

    expect(engine.cancelRequest(requestKey(1))).toBe(true);

    const [cancel] = engine.drainEffects();
    expect(cancel?.operationId).toBe(invoke?.operationId);
    expect(cancel?.effect).toEqual({ kind: 'cancel', reason: 'client-cancelled' });
    const [completion] = engine.drainCompletions().completions;
    expect(completion?.requestKey).toEqual(requestKey(1));
    expect(completion?.operationId).toBe(invoke?.operationId);
    expect(completion?.outcome).toEqual({
      kind: 'client-cancelled',
      cancellation: 'cancel-queued-unconfirmed',
    });
    expect(engine.requestSnapshot(requestKey(1))?.status.kind).toBe('client-cancelled');
    expect(engine.snapshot().revision).toBeGreaterThan(revision);
  });

  it('ends a request awaiting approval with no operation to cancel', () => {
    const engine = configured('require-approval');
    unwrap(engine.request(request(1, 1, 100)));
    expect(engine.cancelRequest(requestKey(1))).toBe(true);
    expect(engine.drainEffects()).toEqual([]);
    expect(engine.drainCompletions().completions[0]?.outcome).toEqual({
      kind: 'client-cancelled',
      cancellation: 'not-required',
    });
  });

  it('changes nothing for an unknown key or a request that already ended', () => {
    const engine = configured(null);
    unwrap(engine.request(request(1, 1, 100)));
    engine.drainCompletions();
    const before = engine.snapshot();
    expect(engine.cancelRequest(requestKey(1))).toBe(false);
    expect(engine.cancelRequest(requestKey(2))).toBe(false);
    expect(engine.snapshot()).toEqual(before);
    expect(engine.drainCompletions().completions).toEqual([]);
  });
});
