import {
  ConsumerId,
  ResourceScopeId,
  TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX,
  TOOL_APPROVAL_SUMMARY_MAX_BYTES,
  TOOL_COMPLETIONS_MAX,
  TOOL_PAYLOAD_MAX_BYTES,
  TOOL_REQUESTS_MAX,
  ToolActorId,
} from '@gate4agent/tool-protocol';
import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  COUNTER_MAX,
  TOOL_OPERATION_ID_COUNTER,
  TOOL_REQUEST_SEQUENCE_COUNTER,
} from '../../src/constants.js';
import { engineStateOf, ToolEngine } from '../../src/engine/tool-engine.js';
import {
  configured,
  consumer,
  fillEffectQueue,
  generation,
  grantForClient,
  instance,
  internal,
  provider,
  request,
  requestForClient,
  requestKey,
} from '../engine/engine-fixtures.js';

const kindOf = (result: { ok: boolean }) =>
  result.ok ? 'ok' : (result as unknown as { error: { kind: string } }).error.kind;

describe('admit (ToolEngine.request)', () => {
  it('validates before looking for a duplicate, and a live duplicate changes nothing', () => {
    const engine = configured('require-approval');
    unwrap(engine.request(request(1, 1, 100)));
    const invalid = request(1, 1, 100);
    invalid.request.approvalSummary = '';
    expect(unwrapErr(engine.request(invalid))).toMatchObject({
      kind: 'validation',
      error: { kind: 'required', field: 'tool approval summary' },
    });
    const before = engine.snapshot();
    expect(unwrapErr(engine.request(request(1, 1, 100)))).toMatchObject({
      kind: 'duplicate-request',
      requestKey: requestKey(1),
    });
    expect(engine.snapshot()).toEqual(before);
  });

  it('rejects local id 0, a deadline at the current tick, and admits the tick after', () => {
    const engine = configured('allow');
    unwrap(engine.advanceTime(7));
    expect(unwrapErr(engine.request(request(0, 1, 100)))).toMatchObject({
      error: { kind: 'zero-identifier', field: 'tool request id' },
    });
    expect(unwrapErr(engine.request(request(1, 1, 7)))).toMatchObject({
      error: { kind: 'deadline-elapsed', currentTick: 7, deadlineTick: 7 },
    });
    expect(unwrap(engine.request(request(1, 1, 8)))).toEqual({ kind: 'allow' });
  });

  it('accepts a payload of exactly TOOL_PAYLOAD_MAX_BYTES and a summary of exactly 1 024 UTF-8 bytes', () => {
    const engine = configured('allow');
    const largest = request(1, 1, 100);
    largest.request.payload = new Uint8Array(TOOL_PAYLOAD_MAX_BYTES);
    expect(unwrap(engine.request(largest))).toEqual({ kind: 'allow' });
    expect(engine.requestSnapshot(requestKey(1))?.payloadBytes).toBe(TOOL_PAYLOAD_MAX_BYTES);

    const wide = request(2, 1, 100);
    wide.request.approvalSummary = 'é'.repeat(TOOL_APPROVAL_SUMMARY_MAX_BYTES / 2);
    expect(unwrap(engine.request(wide))).toEqual({ kind: 'allow' });
    expect(engine.requestSnapshot(requestKey(2))?.approvalSummaryBytes).toBe(
      TOOL_APPROVAL_SUMMARY_MAX_BYTES,
    );
    const over = request(3, 1, 100);
    over.request.approvalSummary = `${'é'.repeat(TOOL_APPROVAL_SUMMARY_MAX_BYTES / 2)}x`;
    expect(unwrapErr(engine.request(over))).toMatchObject({
      error: {
        kind: 'too-large',
        field: 'tool approval summary',
        max: TOOL_APPROVAL_SUMMARY_MAX_BYTES,
        actual: TOOL_APPROVAL_SUMMARY_MAX_BYTES + 1,
      },
    });
  });

  it('counts only live approvals and dispatches against the per-client limit, never denials', () => {
    const engine = configured(null);
    for (let id = 1; id <= 40; id += 1)
      expect(unwrap(engine.request(request(id, 1, 100))).kind).toBe('deny');
    unwrap(
      internal(engine).setGrant(
        grantForClient(consumer(), ToolActorId.of('consumer.agent'), 'require-approval'),
      ),
    );
    for (let id = 41; id < 41 + TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX; id += 1) {
      expect(unwrap(engine.request(request(id, 1, 100))).kind).toBe('require-approval');
    }
    const before = engine.snapshot();
    expect(unwrapErr(engine.request(request(500, 1, 100)))).toMatchObject({
      kind: 'client-request-capacity-exceeded',
      consumerId: consumer(),
      max: TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX,
    });
    expect(engine.snapshot()).toEqual(before);
    // A denial is still admitted at the limit.
    const otherScope = request(501, 1, 100);
    otherScope.request.resourceScopeId = ResourceScopeId.of('workspace:test/page:other');
    expect(unwrap(engine.request(otherScope)).kind).toBe('deny');
  });

  it('fails request capacity only when every record is live', () => {
    const engine = new ToolEngine();
    unwrap(engine.registerProvider(provider()));
    unwrap(engine.setGeneration(instance(), generation(1)));
    const actors = Array.from(
      { length: TOOL_REQUESTS_MAX / TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX },
      (_, index) => ToolActorId.of(`consumer.agent-${index}`),
    );
    for (const actor of actors)
      unwrap(internal(engine).setGrant(grantForClient(consumer(), actor, 'require-approval')));
    for (const actor of actors) {
      for (let id = 1; id <= TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX; id += 1) {
        unwrap(engine.request(requestForClient(id, consumer(), actor)));
      }
    }
    expect(engine.snapshot().requests).toHaveLength(TOOL_REQUESTS_MAX);
    const before = engine.snapshot();
    const denied = requestForClient(1, ConsumerId.of('station.other'), ToolActorId.of('x'));
    expect(unwrapErr(engine.request(denied)).kind).toBe('request-capacity-exceeded');
    expect(engine.snapshot()).toEqual(before);
  });

  it('evicts the terminal record with the smallest accepted sequence, not the smallest key', () => {
    const engine = configured(null);
    for (let id = TOOL_REQUESTS_MAX; id >= 1; id -= 1) unwrap(engine.request(request(id, 1, 100)));
    expect(engine.requestSnapshot(requestKey(TOOL_REQUESTS_MAX))?.acceptedSequence).toBe(1);
    const revision = engine.snapshot().revision;
    unwrap(engine.request(request(TOOL_REQUESTS_MAX + 1, 1, 100)));
    expect(engine.requestSnapshot(requestKey(TOOL_REQUESTS_MAX))).toBeUndefined();
    expect(engine.requestSnapshot(requestKey(1))).toBeDefined();
    expect(engine.snapshot().requests).toHaveLength(TOOL_REQUESTS_MAX);
    // The eviction is silent: one revision and one audit event for the admission alone.
    expect(engine.snapshot().revision).toBe(revision + 1);
  });

  it('does not evict when the client limit or a counter refuses the request at a full table', () => {
    const engine = configured(null);
    const terminal = TOOL_REQUESTS_MAX - TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX;
    for (let id = 1; id <= terminal; id += 1) unwrap(engine.request(request(id, 1, 100)));
    unwrap(
      internal(engine).setGrant(
        grantForClient(consumer(), ToolActorId.of('consumer.agent'), 'require-approval'),
      ),
    );
    for (let id = terminal + 1; id <= TOOL_REQUESTS_MAX; id += 1)
      unwrap(engine.request(request(id, 1, 100)));
    const before = engine.snapshot();
    expect(before.requests).toHaveLength(TOOL_REQUESTS_MAX);
    expect(kindOf(engine.request(request(TOOL_REQUESTS_MAX + 1, 1, 100)))).toBe(
      'client-request-capacity-exceeded',
    );
    expect(engine.snapshot()).toEqual(before);
    engineStateOf(engine).nextRequestSequence = COUNTER_MAX;
    const denied = request(TOOL_REQUESTS_MAX + 2, 1, 100);
    denied.request.resourceScopeId = ResourceScopeId.of('workspace:test/page:other');
    expect(kindOf(engine.request(denied))).toBe('counter-exhausted');
    expect(engine.snapshot()).toEqual(before);
  });

  it('reuses a terminal key in place without needing request capacity', () => {
    const engine = configured(null);
    for (let id = 1; id <= TOOL_REQUESTS_MAX; id += 1) unwrap(engine.request(request(id, 1, 100)));
    const first = engine.requestSnapshot(requestKey(7))!.acceptedSequence;
    unwrap(engine.request(request(7, 1, 100)));
    expect(engine.snapshot().requests).toHaveLength(TOOL_REQUESTS_MAX);
    expect(engine.requestSnapshot(requestKey(1))).toBeDefined();
    expect(engine.requestSnapshot(requestKey(7))!.acceptedSequence).toBeGreaterThan(first);
  });

  it('issues accepted sequences and operation ids up to COUNTER_MAX - 1, then fails atomically', () => {
    const sequences = configured(null);
    engineStateOf(sequences).nextRequestSequence = COUNTER_MAX - 1;
    unwrap(sequences.request(request(1, 1, 100)));
    expect(sequences.requestSnapshot(requestKey(1))?.acceptedSequence).toBe(COUNTER_MAX - 1);
    const before = sequences.snapshot();
    expect(unwrapErr(sequences.request(request(2, 1, 100)))).toMatchObject({
      kind: 'counter-exhausted',
      counter: TOOL_REQUEST_SEQUENCE_COUNTER,
    });
    expect(sequences.snapshot()).toEqual(before);

    const operations = configured('allow');
    engineStateOf(operations).nextOperationId = COUNTER_MAX - 1;
    unwrap(operations.request(request(1, 1, 100)));
    expect(operations.drainEffects()[0]?.operationId).toBe(COUNTER_MAX - 1);
    expect(unwrapErr(operations.request(request(2, 1, 100)))).toMatchObject({
      kind: 'counter-exhausted',
      counter: TOOL_OPERATION_ID_COUNTER,
    });
    // A denial needs no operation id, so it is still admitted.
    const denied = request(3, 1, 100);
    denied.request.resourceScopeId = ResourceScopeId.of('workspace:test/page:other');
    expect(unwrap(operations.request(denied)).kind).toBe('deny');
  });

  it('audits the evaluation before the dispatch, and before a dropped denial completion', () => {
    const allowed = configured('allow');
    unwrap(allowed.request(request(1, 1, 100)));
    expect(
      allowed
        .snapshot()
        .auditEvents.slice(-2)
        .map(({ event }) => event.kind),
    ).toEqual(['request-evaluated', 'invocation-dispatched']);

    const denied = configured(null);
    for (let id = 1; id <= TOOL_COMPLETIONS_MAX + 1; id += 1)
      unwrap(denied.request(request(id, 1, 100)));
    const events = denied.snapshot().auditEvents.slice(-2);
    expect(events.map(({ event }) => event.kind)).toEqual([
      'request-evaluated',
      'completion-dropped',
    ]);
    expect(events[1]?.event).toEqual({
      kind: 'completion-dropped',
      completionSequence: TOOL_COMPLETIONS_MAX + 1,
      reason: 'queue-full',
    });
    expect(events[1]?.subject?.requestKey).toEqual(requestKey(TOOL_COMPLETIONS_MAX + 1));
  });

  it('keeps its own copy of the payload', () => {
    const engine = configured('require-approval');
    const bound = request(1, 1, 100);
    unwrap(engine.request(bound));
    bound.request.payload.fill(0);
    unwrap(
      internal(engine).resolveApproval({
        requestKey: requestKey(1),
        acceptedSequence: engine.requestSnapshot(requestKey(1))!.acceptedSequence,
        instanceId: instance(),
        generation: generation(1),
        decision: 'approve-once',
      }),
    );
    const [invoke] = engine.drainEffects();
    if (invoke?.effect.kind !== 'invoke') throw new Error('expected an invoke');
    expect(new TextDecoder().decode(invoke.effect.payload)).toBe('{"scope":"active-page"}');
  });

  it('copies a Buffer payload too (Buffer.slice would share its memory)', () => {
    const engine = configured('allow');
    const bound = request(1, 1, 100);
    bound.request.payload = Buffer.from('{"scope":"active-page"}');
    unwrap(engine.request(bound));
    bound.request.payload.fill(0);
    const [invoke] = engine.drainEffects();
    if (invoke?.effect.kind !== 'invoke') throw new Error('expected an invoke');
    expect(new TextDecoder().decode(invoke.effect.payload)).toBe('{"scope":"active-page"}');
    expect(Buffer.isBuffer(invoke.effect.payload)).toBe(false);
  });

  it('preflights the invoke before evicting anything', () => {
    const engine = configured('allow');
    fillEffectQueue(engine);
    const before = engine.snapshot();
    expect(kindOf(engine.request(request(1, 1, 100)))).toBe('effect-capacity-exceeded');
    expect(engine.snapshot()).toEqual(before);
    engineStateOf(engine).effects = [];
    engineStateOf(engine).effectSequenceExhausted = true;
    expect(kindOf(engine.request(request(1, 1, 100)))).toBe('effect-sequence-exhausted');
  });
});
