import {
  CAPABILITY_PROTOCOL_VERSION,
  type CancellationDisposition,
  CapabilityEffect,
  CapabilityEffectEnvelope,
  type InvocationCancelReason,
  TOOL_EFFECTS_MAX,
  type ToolOperationId,
} from '@gate4agent/tool-protocol';
import { COUNTER_MAX } from '../constants.js';
import type { ToolEngineState } from '../state/engine-state.js';
import type { RequestRecord } from '../state/request-record.js';

/**
 * Queues `effect` for the record's operation. False, and nothing queued, once the effect sequence
 * is exhausted. The queue bound is the callers' to check: admission preflights it, and
 * {@link cancelBestEffort} degrades instead.
 */
export function pushEffect(
  state: ToolEngineState,
  record: RequestRecord,
  operationId: ToolOperationId,
  effect: CapabilityEffect,
): boolean {
  if (state.effectSequenceExhausted) return false;
  const sequence = state.nextEffectSequence;
  if (sequence === COUNTER_MAX) state.effectSequenceExhausted = true;
  else state.nextEffectSequence += 1;
  const { request } = record;
  state.effects.push(
    CapabilityEffectEnvelope.of({
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      sequence,
      operationId,
      requestKey: request.key,
      instanceId: request.instanceId,
      generation: request.generation,
      providerId: request.providerId,
      deadlineTick: request.deadlineTick,
      effect,
    }),
  );
  return true;
}

/** Queues the invoke of a just-authorised request; its capacity and sequence were preflighted. */
export function emitInvoke(
  state: ToolEngineState,
  record: RequestRecord,
  operationId: ToolOperationId,
  payload: Uint8Array,
): void {
  const { request } = record;
  pushEffect(
    state,
    record,
    operationId,
    CapabilityEffect.invoke({
      consumerId: request.key.consumerId,
      actorId: request.key.actorId,
      capabilityId: request.capabilityId,
      resourceScopeId: request.resourceScopeId,
      payload: payload as Uint8Array<ArrayBuffer>,
    }),
  );
}

/**
 * Removes the record's invoke if it is still queued (the provider never saw it); whether it was.
 * Operation ids are unique, so at most one invoke matches.
 */
export function removeQueuedInvoke(
  state: ToolEngineState,
  record: RequestRecord,
  operationId: ToolOperationId,
): boolean {
  const { key } = record.request;
  const index = state.effects.findIndex(
    (effect) =>
      effect.operationId === operationId &&
      effect.effect.kind === 'invoke' &&
      effect.requestKey.consumerId === key.consumerId &&
      effect.requestKey.actorId === key.actorId &&
      effect.requestKey.localId === key.localId,
  );
  if (index < 0) return false;
  state.effects.splice(index, 1);
  return true;
}

/**
 * Stops a dispatched operation as well as the engine can, never failing: drop its invoke if still
 * queued, else queue one cancel if the queue and sequence allow, else record why none was sent.
 */
export function cancelBestEffort(
  state: ToolEngineState,
  record: RequestRecord,
  operationId: ToolOperationId,
  reason: InvocationCancelReason,
): CancellationDisposition {
  if (removeQueuedInvoke(state, record, operationId)) return 'queued-invoke-removed';
  if (state.effects.length >= TOOL_EFFECTS_MAX) return 'dropped-queue-full';
  return pushEffect(state, record, operationId, CapabilityEffect.cancel(reason))
    ? 'cancel-queued-unconfirmed'
    : 'dropped-sequence-exhausted';
}
