// Ported from crates/gate4agent-tool-engine/src/engine.rs (mod tests): results, generation and
// deadline fences, input bounds, approval nonces, safety transitions under queue pressure and
// capacity reuse.

import {
  TOOL_ACTOR_ID_MAX_BYTES,
  TOOL_EFFECTS_MAX,
  TOOL_PAYLOAD_MAX_BYTES,
  TOOL_POLICIES_MAX,
  TOOL_REQUESTS_MAX,
  ToolActorId,
  ToolOperationId,
} from '@gate4agent/tool-protocol';
import { AgentInstanceId, createWireCodec, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { engineStateOf } from '../../src/engine/tool-engine.js';
import {
  configured,
  dummyEffect,
  fillEffectQueue,
  generation,
  grant,
  instance,
  internal,
  request,
  requestKey,
  scopedGrant,
  succeed,
} from './engine-fixtures.js';

describe('engine: lifecycle', () => {
  it('fake_provider_success_closes_only_the_matching_operation', () => {
    const engine = configured('allow');
    unwrap(engine.request(request(1, 1, 10)));
    const effect = engine.drainEffects().pop()!;
    const mismatched = succeed(effect);
    mismatched.operationId = ToolOperationId.of(effect.operationId + 1);
    unwrap(engine.applyObservation(mismatched));
    expect(engine.snapshot().requests[0]?.status.kind).toBe('dispatched');
    unwrap(engine.applyObservation(succeed(effect)));
    expect(engine.snapshot().requests[0]?.status.kind).toBe('succeeded');
    const completion = engine.drainCompletions().completions.pop()!;
    expect(completion.operationId).toBe(effect.operationId);
    const { outcome } = completion;
    if (outcome.kind !== 'succeeded' || outcome.result.delivery.kind !== 'inline') {
      throw new Error(`expected an inline success, got ${outcome.kind}`);
    }
    expect(new TextDecoder().decode(outcome.result.delivery.bytes)).toBe('{}');
  });

  it('generation_advance_cancels_and_stale_success_cannot_resurrect_request', () => {
    const engine = configured('allow');
    unwrap(engine.request(request(1, 1, 10)));
    const invoke = engine.drainEffects().pop()!;
    unwrap(engine.setGeneration(instance(), generation(2)));
    const cancel = engine.drainEffects().pop()!;
    expect(cancel.operationId).toBe(invoke.operationId);
    expect(cancel.effect).toEqual({ kind: 'cancel', reason: 'generation-superseded' });
    unwrap(engine.applyObservation(succeed(invoke)));
    const snapshot = engine.snapshot();
    expect(snapshot.requests[0]?.status).toMatchObject({
      kind: 'superseded',
      currentGeneration: 2,
    });
    expect(
      snapshot.auditEvents.some(
        ({ event }) => event.kind === 'observation-ignored' && event.reason === 'stale-generation',
      ),
    ).toBe(true);
    expect(engine.drainCompletions().completions[0]?.outcome.kind).toBe('superseded');
  });

  it('deadline_cancels_dispatched_work_and_late_result_is_ignored', () => {
    const engine = configured('allow');
    unwrap(engine.request(request(1, 1, 5)));
    const invoke = engine.drainEffects().pop()!;
    unwrap(engine.advanceTime(5));
    const cancel = engine.drainEffects().pop()!;
    expect(cancel.operationId).toBe(invoke.operationId);
    expect(cancel.effect).toEqual({ kind: 'cancel', reason: 'deadline-elapsed' });
    unwrap(engine.applyObservation(succeed(invoke)));
    expect(engine.snapshot().requests[0]?.status.kind).toBe('timed-out');
    expect(engine.drainCompletions().completions[0]?.outcome.kind).toBe('timed-out');
  });

  it('oversized_input_is_rejected_before_policy_or_effect', () => {
    const engine = configured('allow');
    const oversized = request(1, 1, 10);
    oversized.request.payload = new Uint8Array(TOOL_PAYLOAD_MAX_BYTES + 1);
    const error = unwrapErr(engine.request(oversized));
    expect(error).toMatchObject({
      kind: 'validation',
      error: { kind: 'too-large', field: 'tool request payload' },
    });
    expect(engine.snapshot().requests).toEqual([]);
    expect(engine.drainEffects()).toEqual([]);
  });

  it('wire_deserialization_cannot_bypass_bounded_identifier_constructor', () => {
    const codec = createWireCodec('ToolActorId', ToolActorId.schema);
    const invalid = JSON.parse(`"${'x'.repeat(TOOL_ACTOR_ID_MAX_BYTES + 1)}"`);
    expect(codec.decode(invalid).ok).toBe(false);
    expect(codec.decode(JSON.parse('"contains space"')).ok).toBe(false);
  });

  it('approval_nonce_rejects_aba_after_terminal_eviction_and_id_reuse', () => {
    const engine = configured('require-approval');
    unwrap(engine.request(request(1, 1, 100)));
    const oldSequence = engine.requestSnapshot(requestKey(1))!.acceptedSequence;
    unwrap(
      internal(engine).resolveApproval({
        requestKey: requestKey(1),
        acceptedSequence: oldSequence,
        instanceId: instance(),
        generation: generation(1),
        decision: 'deny',
      }),
    );
    unwrap(internal(engine).revokeGrant(grant('allow').key));
    for (let id = 2; id <= TOOL_REQUESTS_MAX; id += 1) {
      unwrap(engine.request(request(id, 1, 100)));
    }
    unwrap(internal(engine).setGrant(grant('require-approval')));
    unwrap(engine.request(request(TOOL_REQUESTS_MAX + 1, 1, 100)));
    unwrap(engine.request(request(1, 1, 100)));
    const newSequence = engine.requestSnapshot(requestKey(1))!.acceptedSequence;
    expect(oldSequence).not.toBe(newSequence);
    expect(
      unwrapErr(
        internal(engine).resolveApproval({
          requestKey: requestKey(1),
          acceptedSequence: oldSequence,
          instanceId: instance(),
          generation: generation(1),
          decision: 'approve-once',
        }),
      ),
    ).toMatchObject({
      kind: 'approval-nonce-mismatch',
      expected: newSequence,
      actual: oldSequence,
    });
    expect(engine.drainEffects()).toEqual([]);
  });

  it('safety_transitions_close_authority_even_when_effect_queue_is_full', () => {
    const generationEngine = configured('allow');
    unwrap(generationEngine.request(request(1, 1, 10)));
    generationEngine.drainEffects();
    fillEffectQueue(generationEngine);
    unwrap(generationEngine.setGeneration(instance(), generation(2)));
    expect(generationEngine.snapshot().generations[0]?.[1]).toBe(generation(2));
    expect(generationEngine.snapshot().requests[0]?.status).toMatchObject({
      kind: 'superseded',
      cancellation: 'dropped-queue-full',
    });

    const revokeEngine = configured('allow');
    unwrap(revokeEngine.request(request(1, 1, 10)));
    revokeEngine.drainEffects();
    fillEffectQueue(revokeEngine);
    expect(unwrap(internal(revokeEngine).revokeGrant(grant('allow').key))).toBe(true);
    expect(revokeEngine.snapshot().grants).toEqual([]);
    expect(revokeEngine.snapshot().requests[0]?.status).toMatchObject({
      kind: 'grant-revoked',
      cancellation: 'dropped-queue-full',
    });

    const timeEngine = configured('allow');
    unwrap(timeEngine.request(request(1, 1, 5)));
    const timeEffects = engineStateOf(timeEngine).effects;
    while (timeEffects.length < TOOL_EFFECTS_MAX) timeEffects.push(dummyEffect());
    unwrap(timeEngine.advanceTime(5));
    expect(timeEngine.snapshot().currentTick).toBe(5);
    expect(timeEngine.snapshot().requests[0]?.status).toMatchObject({
      kind: 'timed-out',
      cancellation: 'queued-invoke-removed',
    });
    expect(engineStateOf(timeEngine).effects).toHaveLength(TOOL_EFFECTS_MAX - 1);
  });

  it('generation_advance_purges_only_stale_instance_grants_and_reuses_capacity', () => {
    const engine = configured(null);
    const otherInstance = AgentInstanceId.of(42);
    unwrap(engine.setGeneration(otherInstance, generation(1)));
    const otherGrant = scopedGrant(
      otherInstance,
      generation(1),
      'workspace:other/current',
      'allow',
    );
    unwrap(internal(engine).setGrant(otherGrant));

    const staleCount = TOOL_POLICIES_MAX - 2;
    for (let index = 0; index < staleCount; index += 1) {
      unwrap(
        internal(engine).setGrant(
          scopedGrant(instance(), generation(1), `workspace:test/stale:${index}`, 'allow'),
        ),
      );
    }
    const currentGenerationGrant = scopedGrant(
      instance(),
      generation(2),
      'workspace:test/current',
      'allow',
    );
    const { grants } = engineStateOf(engine);
    grants.set(currentGenerationGrant.key, currentGenerationGrant.mode);
    expect(grants.size).toBe(TOOL_POLICIES_MAX);

    unwrap(engine.setGeneration(instance(), generation(2)));
    expect(grants.size).toBe(2);
    expect(grants.has(otherGrant.key)).toBe(true);
    expect(grants.has(currentGenerationGrant.key)).toBe(true);
    expect(
      engine
        .snapshot()
        .auditEvents.some(
          ({ event }) =>
            event.kind === 'generation-advanced' &&
            event.instanceId === instance() &&
            event.current === 2 &&
            event.purgedGrantCount === staleCount,
        ),
    ).toBe(true);
    unwrap(
      internal(engine).setGrant(
        scopedGrant(instance(), generation(2), 'workspace:test/reused-capacity', 'allow'),
      ),
    );
    expect(grants.size).toBe(3);
  });

  it('failed_effect_preflight_does_not_evict_terminal_request', () => {
    const engine = configured(null);
    for (let id = 1; id <= TOOL_REQUESTS_MAX; id += 1) {
      unwrap(engine.request(request(id, 1, 100)));
    }
    unwrap(internal(engine).setGrant(grant('allow')));
    fillEffectQueue(engine);
    expect(unwrapErr(engine.request(request(TOOL_REQUESTS_MAX + 1, 1, 100))).kind).toBe(
      'effect-capacity-exceeded',
    );
    expect(engine.snapshot().requests).toHaveLength(TOOL_REQUESTS_MAX);
    expect(engine.requestSnapshot(requestKey(1))).toBeDefined();
  });
});
