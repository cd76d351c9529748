// The engine's counters. Each "allocate / emit / bump" either advances its counter or records
// the first counter error of the reduction; after that error every later call is a no-op, so the
// reduction is discarded as a whole by the commit path (see commit.ts).
import {
  type AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  type CommandId,
  ControlError,
  type ControlEventKind,
  type ObservationIgnoredReason,
  OperationId,
  type SessionGeneration,
} from '@gate4agent/types';
import { CONTROL_EVENT_HEADROOM, CONTROL_REVISION_HEADROOM, COUNTER_MAX } from '../constants.js';
import type { EngineState } from './engine-state.js';

/** The next operation id, or 0 after recording `operation-id-exhausted`. */
export function allocateOperation(state: EngineState): OperationId {
  if (state.counterError !== null) return OperationId.of(0);
  const next = state.nextOperationId;
  if (next === null) {
    state.counterError = ControlError.operationIdExhausted();
    return OperationId.of(0);
  }
  state.nextOperationId = next === COUNTER_MAX ? null : next + 1;
  return OperationId.of(next);
}

/** Advances the revision, or records `revision-exhausted` when it is already at the maximum. */
export function bumpRevision(state: EngineState): void {
  if (state.counterError !== null) return;
  if (state.revision === COUNTER_MAX) {
    state.counterError = ControlError.revisionExhausted();
    return;
  }
  state.revision += 1;
}

/** Appends one event with the next sequence, or records `event-sequence-exhausted`. */
export function emitEvent(
  state: EngineState,
  commandId: CommandId | null,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
  event: ControlEventKind,
): void {
  if (state.counterError !== null) return;
  const sequence = state.nextEventSequence;
  if (sequence === null) {
    state.counterError = ControlError.eventSequenceExhausted();
    return;
  }
  state.nextEventSequence = sequence === COUNTER_MAX ? null : sequence + 1;
  state.events.push({
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    sequence,
    commandId,
    instanceId,
    generation,
    event,
  });
}

/** Emits `observation-ignored { reason }` for an observation that changes nothing else. */
export function emitIgnored(
  state: EngineState,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
  reason: ObservationIgnoredReason,
): void {
  emitEvent(state, null, instanceId, generation, { kind: 'observation-ignored', reason });
}

/** Marks the counter behind `error` as used up on the real engine after a discarded reduction. */
export function retireExhaustedCounter(state: EngineState, error: ControlError): void {
  if (error.kind === 'operation-id-exhausted') state.nextOperationId = null;
  else if (error.kind === 'event-sequence-exhausted') state.nextEventSequence = null;
  else if (error.kind === 'revision-exhausted') state.revision = COUNTER_MAX;
}

/**
 * Whether no bounded reduction can exhaust a counter, so it may run in place: a validation
 * error returns before the first mutation, and no counter error can follow.
 */
export function hasCounterHeadroom(state: EngineState): boolean {
  return (
    state.counterError === null &&
    state.nextOperationId !== null &&
    state.nextEventSequence !== null &&
    state.nextEventSequence <= COUNTER_MAX - (CONTROL_EVENT_HEADROOM - 1) &&
    state.revision <= COUNTER_MAX - CONTROL_REVISION_HEADROOM
  );
}

/** `generation + 1`, or `null` when the generation is already at the maximum. */
export function nextGeneration(generation: SessionGeneration): SessionGeneration | null {
  return generation === COUNTER_MAX ? null : ((generation + 1) as SessionGeneration);
}
