import { COUNTER_MAX } from '../constants.js';
import type { ToolEngineState } from '../state/engine-state.js';

/** `value + 1`, held at `COUNTER_MAX` (Rust `saturating_add(1)`). */
export function saturatingIncrement(value: number): number {
  return value === COUNTER_MAX ? COUNTER_MAX : value + 1;
}

/**
 * One revision per state-changing call. At `COUNTER_MAX` the revision stays and the overflow count
 * grows instead, so a consumer can tell "unchanged" from "changed but saturated".
 */
export function bumpRevision(state: ToolEngineState): void {
  if (state.revision === COUNTER_MAX) {
    state.revisionOverflowCount = saturatingIncrement(state.revisionOverflowCount);
  } else {
    state.revision += 1;
  }
}

/** The next accepted sequence; capacity was checked first, so it is below `COUNTER_MAX`. */
export function allocateRequestSequence(state: ToolEngineState): number {
  const sequence = state.nextRequestSequence;
  state.nextRequestSequence += 1;
  return sequence;
}

/** The next operation id; capacity was checked first, so it is below `COUNTER_MAX`. */
export function allocateOperationId(state: ToolEngineState): number {
  const operationId = state.nextOperationId;
  state.nextOperationId += 1;
  return operationId;
}
