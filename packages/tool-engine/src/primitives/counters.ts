import { U64_MAX } from '../constants.js';
import type { ToolEngineState } from '../state/engine-state.js';

/** `value + 1`, held at `U64_MAX` (Rust `saturating_add(1)`). */
export function saturatingIncrement(value: number): number {
  return value === U64_MAX ? U64_MAX : value + 1;
}

/**
 * One revision per state-changing call. At `U64_MAX` the revision stays and the overflow count
 * grows instead, so a consumer can tell "unchanged" from "changed but saturated".
 */
export function bumpRevision(state: ToolEngineState): void {
  if (state.revision === U64_MAX) {
    state.revisionOverflowCount = saturatingIncrement(state.revisionOverflowCount);
  } else {
    state.revision += 1;
  }
}

/** The next accepted sequence; capacity was checked first, so it is below `U64_MAX`. */
export function allocateRequestSequence(state: ToolEngineState): number {
  const sequence = state.nextRequestSequence;
  state.nextRequestSequence += 1;
  return sequence;
}

/** The next operation id; capacity was checked first, so it is below `U64_MAX`. */
export function allocateOperationId(state: ToolEngineState): number {
  const operationId = state.nextOperationId;
  state.nextOperationId += 1;
  return operationId;
}
