import { ToolActorId } from '@gate4agent/tool-protocol';
import { AgentInstanceId, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { COUNTER_MAX, TOOL_OPERATION_ID_COUNTER } from '../../src/constants.js';
import { engineStateOf } from '../../src/engine/tool-engine.js';
import {
  configured,
  consumer,
  fillEffectQueue,
  generation,
  instance,
  internal,
  request,
  requestKey,
  resolution,
} from '../engine/engine-fixtures.js';

describe('resolveApproval', () => {
  it('checks the nonce before the instance, and the current generation before the scope', () => {
    const engine = configured('require-approval');
    unwrap(engine.request(request(1, 1, 100)));
    const good = resolution(engine, 1, 'approve-once');
    unwrap(engine.setInstanceState(instance(), generation(1), 'inactive'));
    expect(
      unwrapErr(internal(engine).resolveApproval({ ...good, acceptedSequence: 99 })),
    ).toMatchObject({
      kind: 'approval-nonce-mismatch',
      expected: good.acceptedSequence,
      actual: 99,
    });
    expect(unwrapErr(internal(engine).resolveApproval(good)).kind).toBe('inactive-policy-instance');

    const fresh = configured('require-approval');
    unwrap(fresh.request(request(1, 1, 100)));
    const stale = resolution(fresh, 1, 'approve-once');
    expect(
      unwrapErr(
        internal(fresh).resolveApproval({
          ...stale,
          generation: generation(2),
          instanceId: AgentInstanceId.of(7),
        }),
      ),
    ).toMatchObject({ kind: 'approval-generation-stale', current: 1, actual: 2 });
    expect(
      unwrapErr(internal(fresh).resolveApproval({ ...stale, instanceId: AgentInstanceId.of(7) }))
        .kind,
    ).toBe('approval-scope-mismatch');
  });

  it('refuses a dispatched request and an unknown key', () => {
    const engine = configured('allow');
    unwrap(engine.request(request(1, 1, 100)));
    expect(
      unwrapErr(internal(engine).resolveApproval(resolution(engine, 1, 'approve-once'))).kind,
    ).toBe('request-not-awaiting-approval');
    const forged = {
      ...resolution(engine, 1, 'deny'),
      requestKey: { ...requestKey(1), actorId: ToolActorId.of('x') },
    };
    expect(unwrapErr(internal(engine).resolveApproval(forged))).toMatchObject({
      kind: 'unknown-request',
      requestKey: { consumerId: consumer(), actorId: 'x', localId: 1 },
    });
  });

  it('preflights the operation id and the invoke; a denial needs neither', () => {
    const engine = configured('require-approval');
    unwrap(engine.request(request(1, 1, 100)));
    fillEffectQueue(engine);
    const before = engine.snapshot();
    expect(
      unwrapErr(internal(engine).resolveApproval(resolution(engine, 1, 'approve-once'))).kind,
    ).toBe('effect-capacity-exceeded');
    expect(engine.snapshot()).toEqual(before);
    engineStateOf(engine).nextOperationId = COUNTER_MAX;
    expect(
      unwrapErr(internal(engine).resolveApproval(resolution(engine, 1, 'approve-once'))),
    ).toMatchObject({
      kind: 'counter-exhausted',
      counter: TOOL_OPERATION_ID_COUNTER,
    });
    expect(engine.snapshot()).toEqual(before);
    unwrap(internal(engine).resolveApproval(resolution(engine, 1, 'deny')));
    expect(engine.requestSnapshot(requestKey(1))?.status).toEqual({ kind: 'approval-denied' });
  });

  it('audits approval-resolved, then invocation-dispatched, and freezes the admission decision', () => {
    const engine = configured('require-approval');
    unwrap(engine.request(request(1, 1, 100)));
    unwrap(internal(engine).resolveApproval(resolution(engine, 1, 'approve-once')));
    const events = engine.snapshot().auditEvents.slice(-2);
    expect(events.map(({ event }) => event)).toEqual([
      { kind: 'approval-resolved', decision: 'approve-once' },
      { kind: 'invocation-dispatched', operationId: 1 },
    ]);
    const snapshot = engine.requestSnapshot(requestKey(1))!;
    expect(snapshot.status).toEqual({ kind: 'dispatched', operationId: 1 });
    expect(snapshot.policyDecision).toEqual({ kind: 'require-approval' });
  });

  it('times out an approval whose deadline passed unnoticed and reports it as approval-expired', () => {
    const engine = configured('require-approval');
    unwrap(engine.request(request(1, 1, 10)));
    engineStateOf(engine).currentTick = 12;
    const revision = engine.snapshot().revision;
    expect(
      unwrapErr(internal(engine).resolveApproval(resolution(engine, 1, 'approve-once'))),
    ).toMatchObject({
      kind: 'approval-deadline-elapsed',
      requestKey: requestKey(1),
    });
    expect(engine.snapshot().revision).toBe(revision + 1);
    expect(engine.requestSnapshot(requestKey(1))?.status).toEqual({
      kind: 'timed-out',
      operationId: null,
      cancellation: 'not-required',
    });
    expect(engine.snapshot().auditEvents.at(-1)?.tick).toBe(12);
  });
});
