// Ported from crates/gate4agent-tool-engine/src/engine.rs (mod tests): redaction, admission,
// replay, terminal completions, client scoping, approval forgery, instance lifecycle, quotas,
// versions, the authority sequence, completion overflow, key reuse and sequence exhaustion.
import { inspect } from 'node:util';
import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityCompletionEnvelope,
  CapabilityDescriptor,
  CapabilityEffect,
  CapabilityEffectEnvelope,
  CapabilityObservation,
  CapabilityObservationEnvelope,
  CapabilityRequestStatus,
  CapabilityResult,
  CapabilityResultDelivery,
  CapabilityResultMetadata,
  CapabilityTerminalOutcome,
  ConsumerId,
  TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX,
  TOOL_COMPLETIONS_MAX,
  ToolActorId,
  ToolCapabilityId,
  ToolFailure,
  ToolOperationId,
} from '@gate4agent/tool-protocol';
import { AgentInstanceId, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { COUNTER_MAX } from '../../src/constants.js';
import { engineStateOf, ToolEngine } from '../../src/engine/tool-engine.js';
import {
  actor,
  capabilityId,
  configured,
  consumer,
  gateProvider,
  gateProviderId,
  generation,
  grant,
  grantForClient,
  instance,
  internal,
  providerId,
  request,
  requestForClient,
  requestKey,
  resolution,
  resourceScope,
  succeed,
} from './engine-fixtures.js';

/** How a byte list prints, the analogue of Rust's `{:?}` on a `Vec<u8>`. */
const bytesDebug = (bytes: number[]): string => bytes.join(', ');
const asArrays = (_key: string, value: unknown): unknown =>
  value instanceof Uint8Array ? Array.from(value) : value;
/** The log form (`inspect`, one line) and the JSON form, with raw bytes shown as `a, b, c`. */
const rendered = (value: unknown): string =>
  `${inspect(value, { depth: null, breakLength: Number.POSITIVE_INFINITY })}\n${JSON.stringify(
    value,
    asArrays,
  )?.replaceAll(',', ', ')}`;

describe('engine: contracts', () => {
  it('debug_redacts_raw_payload_and_control_characters_are_rejected', () => {
    const secretPayload = [13, 37, 201, 222, 173, 190, 239];
    const secretPayloadDebug = bytesDebug(secretPayload);
    // The probe itself finds bytes that are not redacted.
    expect(rendered({ payload: Uint8Array.from(secretPayload) })).toContain(secretPayloadDebug);
    const rawRequest = request(1, 1, 10);
    rawRequest.request.payload = Uint8Array.from(secretPayload);
    expect(rendered(rawRequest)).not.toContain(secretPayloadDebug);
    const rawEffect = CapabilityEffect.invoke({
      consumerId: consumer(),
      actorId: actor(),
      capabilityId: capabilityId(),
      resourceScopeId: resourceScope(),
      payload: Uint8Array.from(secretPayload),
    });
    expect(rendered(rawEffect)).not.toContain(secretPayloadDebug);
    const rawEffectEnvelope = CapabilityEffectEnvelope.of({
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      sequence: 1,
      operationId: ToolOperationId.of(1),
      requestKey: requestKey(1),
      instanceId: instance(),
      generation: generation(1),
      providerId: providerId(),
      deadlineTick: 10,
      effect: rawEffect,
    });
    expect(rendered(rawEffectEnvelope)).not.toContain(secretPayloadDebug);

    const secretInline = [91, 17, 233, 44, 155];
    const secretInlineDebug = bytesDebug(secretInline);
    const inlineDelivery = CapabilityResultDelivery.inline(Uint8Array.from(secretInline));
    const inlineResult = CapabilityResult.of({
      metadata: {
        byteLen: secretInline.length,
        mediaType: null,
        truncated: false,
        redactedSummary: null,
      },
      delivery: inlineDelivery,
    });
    const inlineCompletion = CapabilityCompletionEnvelope.of({
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      sequence: 1,
      acceptedSequence: 1,
      operationId: ToolOperationId.of(1),
      requestKey: requestKey(1),
      instanceId: instance(),
      generation: generation(1),
      providerId: providerId(),
      outcome: CapabilityTerminalOutcome.of({ kind: 'succeeded', result: inlineResult }),
    });
    const inlineObservation = CapabilityObservation.succeeded(inlineResult);
    const inlineObservationEnvelope = CapabilityObservationEnvelope.of({
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      operationId: ToolOperationId.of(1),
      requestKey: requestKey(1),
      instanceId: instance(),
      generation: generation(1),
      providerId: providerId(),
      observation: inlineObservation,
    });
    for (const value of [
      inlineDelivery,
      inlineResult,
      inlineCompletion,
      inlineObservation,
      inlineObservationEnvelope,
    ]) {
      expect(rendered(value)).not.toContain(secretInlineDebug);
    }

    const secretReference = 'opaque://DO_NOT_FORMAT_REFERENCE';
    const referenceDelivery = CapabilityResultDelivery.opaqueReference(secretReference);
    const referenceResult = CapabilityResult.of({
      metadata: { byteLen: 128, mediaType: null, truncated: false, redactedSummary: null },
      delivery: referenceDelivery,
    });
    const referenceCompletion = CapabilityCompletionEnvelope.of({
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      sequence: 2,
      acceptedSequence: 2,
      operationId: ToolOperationId.of(2),
      requestKey: requestKey(2),
      instanceId: instance(),
      generation: generation(1),
      providerId: providerId(),
      outcome: CapabilityTerminalOutcome.of({ kind: 'succeeded', result: referenceResult }),
    });
    const referenceObservation = CapabilityObservation.succeeded(referenceResult);
    const referenceObservationEnvelope = CapabilityObservationEnvelope.of({
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      operationId: ToolOperationId.of(2),
      requestKey: requestKey(2),
      instanceId: instance(),
      generation: generation(1),
      providerId: providerId(),
      observation: referenceObservation,
    });
    for (const value of [
      referenceDelivery,
      referenceResult,
      referenceCompletion,
      referenceObservation,
      referenceObservationEnvelope,
    ]) {
      expect(rendered(value)).not.toContain(secretReference);
    }

    const engine = configured('require-approval');
    unwrap(engine.request(rawRequest));
    expect(rendered(engine)).not.toContain(secretPayloadDebug);

    const unsafeSummary = request(2, 1, 10);
    unsafeSummary.request.approvalSummary = 'read page\u001b[31m';
    expect(unwrapErr(engine.request(unsafeSummary))).toMatchObject({
      kind: 'validation',
      error: { kind: 'control-character', field: 'tool approval summary' },
    });
    const whitespaceSummary = request(3, 1, 10);
    whitespaceSummary.request.approvalSummary = '  \t  ';
    expect(unwrapErr(engine.request(whitespaceSummary))).toMatchObject({
      kind: 'validation',
      error: { kind: 'required', field: 'tool approval summary' },
    });
    expect(
      unwrapErr(
        CapabilityResultMetadata.validate({
          byteLen: 0,
          mediaType: null,
          truncated: false,
          redactedSummary: 'unsafe\u001b',
        }),
      ),
    ).toMatchObject({ kind: 'control-character', field: 'tool result redacted summary' });
    expect(
      unwrapErr(ToolFailure.validate({ kind: 'execution', redactedMessage: 'unsafe\nmessage' })),
    ).toMatchObject({ kind: 'control-character', field: 'tool failure redacted message' });
  });

  it('capability_admission_rejects_shell_filesystem_and_mcp_namespaces', () => {
    for (const id of [
      'shell.exec',
      'filesystem.read',
      'mcp.call',
      'browser.mcp.call',
      'browser.filesystem-read',
    ]) {
      expect(
        unwrapErr(CapabilityDescriptor.new(ToolCapabilityId.of(id), 'browser', 'unsafe capability'))
          .kind,
      ).toBe('capability-outside-admission');
    }
    expect(
      CapabilityDescriptor.new(
        ToolCapabilityId.of('consumer-state.selection.read'),
        'consumer-state',
        'Read bounded consumer state',
      ).ok,
    ).toBe(true);
  });

  it('replay_is_deterministic_and_audit_never_contains_payload', () => {
    const replay = () => {
      const engine = configured('allow');
      unwrap(engine.request(request(1, 1, 10)));
      const effect = engine.drainEffects().pop()!;
      unwrap(engine.applyObservation(succeed(effect)));
      return [engine.snapshot(), [effect]] as const;
    };

    const first = replay();
    const second = replay();
    expect(first).toEqual(second);
    expect(first[0].requests[0]?.payloadBytes).toBe(23);
  });

  it('provider_failure_and_approval_denial_emit_terminal_completions', () => {
    const failed = configured('allow');
    unwrap(failed.request(request(1, 1, 100)));
    const effect = failed.drainEffects().pop()!;
    unwrap(
      failed.applyObservation(
        CapabilityObservationEnvelope.of({
          protocolVersion: CAPABILITY_PROTOCOL_VERSION,
          operationId: effect.operationId,
          requestKey: effect.requestKey,
          instanceId: effect.instanceId,
          generation: effect.generation,
          providerId: effect.providerId,
          observation: CapabilityObservation.failed({
            kind: 'execution',
            redactedMessage: 'provider failed',
          }),
        }),
      ),
    );
    expect(failed.drainCompletions().completions[0]?.outcome.kind).toBe('failed');

    const denied = configured('require-approval');
    unwrap(denied.request(request(1, 1, 100)));
    unwrap(internal(denied).resolveApproval(resolution(denied, 1, 'deny')));
    expect(denied.drainCompletions().completions[0]?.outcome).toEqual({ kind: 'approval-denied' });
  });

  it('same_local_id_is_scoped_by_consumer_and_actor', () => {
    const consumerB = ConsumerId.of('station.other');
    const actorB = ToolActorId.of('consumer.other-agent');
    const engine = new ToolEngine();
    unwrap(engine.registerProvider(gateProvider()));
    unwrap(engine.setGeneration(instance(), generation(1)));

    const grantA = grantForClient(consumer(), actor(), 'allow');
    grantA.key.providerId = gateProviderId();
    const grantB = grantForClient(consumerB, actorB, 'allow');
    grantB.key.providerId = gateProviderId();
    unwrap(internal(engine).setGrant(grantA));
    unwrap(internal(engine).setGrant(grantB));

    const requestA = requestForClient(7, consumer(), actor());
    requestA.request.providerId = gateProviderId();
    const requestB = requestForClient(7, consumerB, actorB);
    requestB.request.providerId = gateProviderId();
    expect(unwrap(engine.request(requestA))).toEqual({ kind: 'allow' });
    expect(unwrap(engine.request(requestB))).toEqual({ kind: 'allow' });
    const effects = engine.drainEffects();
    expect(effects).toHaveLength(2);
    expect(effects[0]?.requestKey).not.toEqual(effects[1]?.requestKey);
    expect(effects[0]?.requestKey.localId).toBe(effects[1]?.requestKey.localId);
  });

  it('approval_target_is_exact_and_forgery_does_not_mutate', () => {
    const engine = configured('require-approval');
    unwrap(engine.request(request(1, 1, 10)));
    const before = engine.snapshot();
    const forgedKey = {
      consumerId: consumer(),
      actorId: ToolActorId.of('attacker'),
      localId: requestKey(1).localId,
    };
    expect(
      unwrapErr(
        internal(engine).resolveApproval({
          requestKey: forgedKey,
          acceptedSequence: before.requests[0]!.acceptedSequence,
          instanceId: instance(),
          generation: generation(1),
          decision: 'approve-once',
        }),
      ).kind,
    ).toBe('unknown-request');
    expect(engine.snapshot()).toEqual(before);

    expect(
      unwrapErr(
        internal(engine).resolveApproval({
          requestKey: requestKey(1),
          acceptedSequence: before.requests[0]!.acceptedSequence,
          instanceId: AgentInstanceId.of(999),
          generation: generation(1),
          decision: 'approve-once',
        }),
      ).kind,
    ).toBe('approval-scope-mismatch');
    expect(engine.snapshot()).toEqual(before);
  });

  it('deactivate_remove_and_reactivate_fail_closed', () => {
    const engine = configured('allow');
    unwrap(engine.request(request(1, 1, 100)));
    engine.drainEffects();
    unwrap(engine.setInstanceState(instance(), generation(1), 'inactive'));
    expect(engine.snapshot().grants).toEqual([]);
    expect(engine.snapshot().requests[0]?.status.kind).toBe('instance-closed');
    expect(engine.drainCompletions().completions[0]?.outcome.kind).toBe('instance-closed');
    expect(
      unwrapErr(internal(engine).resolveApproval(resolution(engine, 1, 'approve-once'))).kind,
    ).toBe('inactive-policy-instance');
    expect(unwrap(engine.request(request(2, 1, 100)))).toEqual({
      kind: 'deny',
      reason: { kind: 'inactive-instance' },
    });

    unwrap(engine.setInstanceState(instance(), generation(1), 'active'));
    unwrap(internal(engine).setGrant(grant('allow')));
    expect(unwrap(engine.request(request(3, 1, 100)))).toEqual({ kind: 'allow' });
    expect(unwrap(engine.removeInstance(instance()))).toBe(true);
    expect(engine.snapshot().generations.some(([id]) => id === instance())).toBe(false);
    expect(
      unwrapErr(internal(engine).resolveApproval(resolution(engine, 3, 'approve-once'))).kind,
    ).toBe('unknown-policy-instance');
    unwrap(engine.setGeneration(instance(), generation(1)));
    expect(engine.snapshot().instanceStates).toContainEqual([instance(), 'active']);
  });

  it('explicit_client_close_isolated_to_exact_client', () => {
    const actorB = ToolActorId.of('consumer.second');
    const engine = configured('require-approval');
    unwrap(internal(engine).setGrant(grantForClient(consumer(), actorB, 'require-approval')));
    unwrap(engine.request(request(1, 1, 100)));
    unwrap(engine.request(requestForClient(1, consumer(), actorB)));
    expect(internal(engine).closeClient(consumer(), actor())).toEqual({
      kind: 'client-closed',
      purgedGrantCount: 1,
      closedRequestCount: 1,
    });
    const snapshot = engine.snapshot();
    expect(snapshot.grants.some(({ key }) => key.actorId === actorB)).toBe(true);
    expect(
      snapshot.requests.some(
        (entry) => entry.key.actorId === actorB && entry.status.kind === 'awaiting-approval',
      ),
    ).toBe(true);
    const { completions } = engine.drainCompletions();
    expect(completions).toHaveLength(1);
    expect(completions[0]?.requestKey.actorId).toBe(actor());
  });

  it('per_client_quota_does_not_block_another_client', () => {
    const actorB = ToolActorId.of('consumer.second');
    const engine = configured('require-approval');
    for (let id = 1; id <= TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX; id += 1) {
      unwrap(engine.request(request(id, 1, 100)));
    }
    expect(unwrapErr(engine.request(request(10_000, 1, 100))).kind).toBe(
      'client-request-capacity-exceeded',
    );
    unwrap(internal(engine).setGrant(grantForClient(consumer(), actorB, 'require-approval')));
    expect(unwrap(engine.request(requestForClient(1, consumer(), actorB)))).toEqual({
      kind: 'require-approval',
    });
  });

  it('unsupported_versions_are_rejected_before_mutation', () => {
    const engine = configured('allow');
    const beforeRequest = engine.snapshot();
    const unsupportedRequest = request(1, 1, 100);
    unsupportedRequest.protocolVersion = CAPABILITY_PROTOCOL_VERSION + 1;
    expect(unwrapErr(engine.request(unsupportedRequest))).toMatchObject({
      kind: 'validation',
      error: { kind: 'unsupported-protocol-version' },
    });
    expect(engine.snapshot()).toEqual(beforeRequest);

    const beforeAuthority = engine.snapshot();
    expect(
      unwrapErr(
        engine.applyAuthority({
          protocolVersion: CAPABILITY_PROTOCOL_VERSION + 1,
          sequence: 1,
          command: { kind: 'revoke-grant', key: grant('allow').key },
        }),
      ),
    ).toMatchObject({ kind: 'validation', error: { kind: 'unsupported-protocol-version' } });
    expect(engine.snapshot()).toEqual(beforeAuthority);

    unwrap(engine.request(request(1, 1, 100)));
    const effect = engine.drainEffects().pop()!;
    const beforeObservation = engine.snapshot();
    const observation = succeed(effect);
    observation.protocolVersion = CAPABILITY_PROTOCOL_VERSION + 1;
    expect(unwrapErr(engine.applyObservation(observation))).toMatchObject({
      kind: 'validation',
      error: { kind: 'unsupported-protocol-version' },
    });
    expect(engine.snapshot()).toEqual(beforeObservation);

    const zeroOperation = succeed(effect);
    zeroOperation.operationId = ToolOperationId.of(0);
    expect(unwrapErr(engine.applyObservation(zeroOperation))).toMatchObject({
      kind: 'validation',
      error: { kind: 'zero-identifier', field: 'tool operation id' },
    });
    expect(engine.snapshot()).toEqual(beforeObservation);
  });

  it('mutating_expired_approval_consumes_authority_sequence', () => {
    const engine = configured('require-approval');
    unwrap(engine.request(request(1, 1, 10)));
    const key = requestKey(1);
    const accepted = engine.requestSnapshot(key)!.acceptedSequence;
    engineStateOf(engine).currentTick = 10;

    const outcome = unwrap(
      engine.applyAuthority({
        protocolVersion: CAPABILITY_PROTOCOL_VERSION,
        sequence: 1,
        command: {
          kind: 'resolve-approval',
          resolution: {
            requestKey: key,
            acceptedSequence: accepted,
            instanceId: instance(),
            generation: generation(1),
            decision: 'approve-once',
          },
        },
      }),
    );
    expect(outcome).toEqual({
      kind: 'approval-expired',
      requestKey: key,
      acceptedSequence: accepted,
    });
    expect(
      unwrapErr(
        engine.applyAuthority({
          protocolVersion: CAPABILITY_PROTOCOL_VERSION,
          sequence: 1,
          command: { kind: 'revoke-grant', key: grant('require-approval').key },
        }),
      ),
    ).toMatchObject({ kind: 'authority-sequence-regressed', current: 1, requested: 1 });
    expect(engine.requestSnapshot(key)?.status.kind).toBe('timed-out');
    expect(engine.drainCompletions().completions[0]?.outcome.kind).toBe('timed-out');
  });

  it('completion_overflow_is_explicit_and_never_blocks_terminal_transition', () => {
    const engine = configured(null);
    for (let id = 1; id <= TOOL_COMPLETIONS_MAX + 1; id += 1) {
      expect(unwrap(engine.request(request(id, 1, 100))).kind).toBe('deny');
    }
    expect(
      engine.snapshot().requests.every((entry) => CapabilityRequestStatus.isTerminal(entry.status)),
    ).toBe(true);
    const batch = engine.drainCompletions();
    expect(batch.completions).toHaveLength(TOOL_COMPLETIONS_MAX);
    expect(batch.droppedSinceLastDrain).toBe(1);
    expect(batch.totalDropped).toBe(1);
    const previousSequence = batch.completions.at(-1)!.sequence;
    unwrap(engine.request(request(50_000, 1, 100)));
    const next = engine.drainCompletions();
    expect(next.completions[0]?.sequence).toBe(previousSequence + 2);
  });

  it('terminal_key_reuse_is_disambiguated_by_accepted_sequence', () => {
    const engine = configured(null);
    unwrap(engine.request(request(1, 1, 100)));
    const first = engine.drainCompletions().completions.pop()!;
    unwrap(engine.request(request(1, 1, 100)));
    const second = engine.drainCompletions().completions.pop()!;
    expect(first.requestKey).toEqual(second.requestKey);
    expect(first.acceptedSequence).not.toBe(second.acceptedSequence);
    expect(first.sequence).toBeLessThan(second.sequence);
    expect(engine.requestSnapshot(second.requestKey)?.acceptedSequence).toBe(
      second.acceptedSequence,
    );
  });

  it('externally_visible_sequences_never_repeat_after_exhaustion', () => {
    const effects = configured('allow');
    engineStateOf(effects).nextEffectSequence = COUNTER_MAX;
    unwrap(effects.request(request(1, 1, 100)));
    const lastEffect = effects.drainEffects().pop()!;
    expect(lastEffect.sequence).toBe(COUNTER_MAX);
    expect(effects.snapshot().effectSequenceExhausted).toBe(true);
    expect(unwrapErr(effects.request(request(2, 1, 100))).kind).toBe('effect-sequence-exhausted');

    const completions = configured(null);
    engineStateOf(completions).nextCompletionSequence = COUNTER_MAX;
    unwrap(completions.request(request(1, 1, 100)));
    const last = completions.drainCompletions();
    expect(last.completions[0]?.sequence).toBe(COUNTER_MAX);
    expect(last.sequenceExhausted).toBe(true);
    unwrap(completions.request(request(2, 1, 100)));
    const dropped = completions.drainCompletions();
    expect(dropped.completions).toEqual([]);
    expect(dropped.droppedSinceLastDrain).toBe(1);
    expect(
      completions
        .snapshot()
        .requests.every((entry) => CapabilityRequestStatus.isTerminal(entry.status)),
    ).toBe(true);

    const audit = configured('allow');
    const droppedBefore = audit.snapshot().droppedAuditEvents;
    engineStateOf(audit).nextAuditSequence = COUNTER_MAX;
    unwrap(internal(audit).revokeGrant(grant('allow').key));
    unwrap(internal(audit).setGrant(grant('allow')));
    const snapshot = audit.snapshot();
    expect(snapshot.auditEvents.filter((event) => event.sequence === COUNTER_MAX)).toHaveLength(1);
    expect(snapshot.auditSequenceExhausted).toBe(true);
    expect(snapshot.droppedAuditEvents).toBeGreaterThan(droppedBefore);

    const state = engineStateOf(audit);
    state.revision = COUNTER_MAX;
    state.revisionOverflowCount = 0;
    unwrap(audit.advanceTime(1));
    const firstSnapshot = audit.snapshot();
    unwrap(audit.advanceTime(2));
    const secondSnapshot = audit.snapshot();
    expect(firstSnapshot.revision).toBe(COUNTER_MAX);
    expect(secondSnapshot.revision).toBe(COUNTER_MAX);
    expect(firstSnapshot.revisionOverflowCount).toBe(1);
    expect(secondSnapshot.revisionOverflowCount).toBe(2);
  });
});
