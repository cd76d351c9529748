import { type ControlError, Gate4AgentError, ok, type Result } from '@gate4agent/types';
import { hasCounterHeadroom, retireExhaustedCounter } from './counters.js';
import { cloneEngineState, type EngineState } from './engine-state.js';

/** One reduction over a state it may mutate; a validation error must precede every mutation. */
export type Reduction = (state: EngineState) => Result<void, ControlError>;

/** The engine after a reduction and what the reduction returned. */
export interface Committed {
  readonly state: EngineState;
  readonly result: Result<void, ControlError>;
}

/**
 * Runs one reduction all-or-nothing. With counter headroom it runs in place (validation errors
 * come before any mutation and no counter can run out); otherwise it runs on a copy that is
 * adopted only when no counter error was recorded. A counter error retires that counter on the
 * real engine and changes nothing else.
 */
export function commitReduction(state: EngineState, reduce: Reduction): Committed {
  if (hasCounterHeadroom(state)) {
    const result = reduce(state);
    if (state.counterError !== null) {
      throw new Gate4AgentError(
        'broken-invariant',
        'a bounded control reduction exceeded its reserved counter headroom',
      );
    }
    return { state, result };
  }
  const candidate = cloneEngineState(state);
  const result = reduce(candidate);
  if (!result.ok) return { state, result };
  const counterError = candidate.counterError;
  if (counterError !== null) {
    retireExhaustedCounter(state, counterError);
    return { state, result: { ok: false, error: counterError } };
  }
  return { state: candidate, result: ok() };
}
