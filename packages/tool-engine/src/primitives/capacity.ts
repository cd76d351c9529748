// Admission preflights. None of them mutates, except ensureRequestCapacity's eviction, which is
// why admission runs it last.
import {
  type CapabilityRequestKey,
  TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX,
  TOOL_EFFECTS_MAX,
  TOOL_REQUESTS_MAX,
} from '@gate4agent/tool-protocol';
import { err, ok, type Result } from '@gate4agent/types';
import {
  COUNTER_MAX,
  TOOL_OPERATION_ID_COUNTER,
  TOOL_REQUEST_SEQUENCE_COUNTER,
} from '../constants.js';
import { ToolEngineError } from '../errors.js';
import type { ToolEngineState } from '../state/engine-state.js';

// Every preflight that passes answers with this one frozen value: admission runs four of them on
// each request, and only a failure ever leaves the engine.
const ROOM: Result<void, never> = Object.freeze(ok());

/** An operation id is left to issue (the largest ever issued is `COUNTER_MAX - 1`). */
export function ensureOperationCapacity(state: ToolEngineState): Result<void, ToolEngineError> {
  return state.nextOperationId === COUNTER_MAX
    ? err(ToolEngineError.counterExhausted(TOOL_OPERATION_ID_COUNTER))
    : ROOM;
}

/** An accepted sequence, and an operation id when `needsOperation`, are left to issue. */
export function ensureCorrelationCapacity(
  state: ToolEngineState,
  needsOperation: boolean,
): Result<void, ToolEngineError> {
  if (state.nextRequestSequence === COUNTER_MAX) {
    return err(ToolEngineError.counterExhausted(TOOL_REQUEST_SEQUENCE_COUNTER));
  }
  return needsOperation ? ensureOperationCapacity(state) : ROOM;
}

/** `additional` effects fit in the queue and the effect sequence is not exhausted. */
export function ensureEffectCapacity(
  state: ToolEngineState,
  additional: number,
): Result<void, ToolEngineError> {
  if (state.effectSequenceExhausted) return err(ToolEngineError.effectSequenceExhausted());
  return additional <= Math.max(0, TOOL_EFFECTS_MAX - state.effects.length)
    ? ROOM
    : err(ToolEngineError.effectCapacityExceeded());
}

/** The (consumer, actor) client of `key` has fewer than 32 live requests. */
export function ensureClientRequestCapacity(
  state: ToolEngineState,
  key: CapabilityRequestKey,
): Result<void, ToolEngineError> {
  return state.requests.liveCount(key.consumerId, key.actorId) < TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX
    ? ROOM
    : err(
        ToolEngineError.clientRequestCapacityExceeded(
          key.consumerId,
          key.actorId,
          TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX,
        ),
      );
}

/**
 * Room for one more record: below `TOOL_REQUESTS_MAX`, or after silently evicting the terminal
 * record with the smallest accepted sequence. Fails only when every record is live.
 */
export function ensureRequestCapacity(state: ToolEngineState): Result<void, ToolEngineError> {
  if (state.requests.size < TOOL_REQUESTS_MAX) return ROOM;
  const oldest = state.requests.oldestTerminal();
  if (oldest === undefined) return err(ToolEngineError.requestCapacityExceeded());
  state.requests.delete(oldest.request.key);
  return ROOM;
}
