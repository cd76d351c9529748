import { err, ok, type Result } from '@gate4agent/types';
import { ToolEngineError } from '../errors.js';
import { bumpRevision } from '../primitives/counters.js';
import type { ToolEngineState } from '../state/engine-state.js';
import { closeRequest } from './close-request.js';

/**
 * Moves the logical clock (upstream `advance_time`). Backwards → `clock-regressed`; the same tick
 * → no change. Otherwise every live request whose deadline is at or before `tick` (deadlines are
 * inclusive) times out, with the clock already at `tick`, and the revision moves even when
 * nothing expired.
 */
export function advanceTime(state: ToolEngineState, tick: number): Result<void, ToolEngineError> {
  if (tick < state.currentTick) return err(ToolEngineError.clockRegressed(state.currentTick, tick));
  if (tick === state.currentTick) return ok();
  const expired = state.requests.live(({ request }) => request.deadlineTick <= tick);
  state.currentTick = tick;
  for (const record of expired) closeRequest(state, record, { kind: 'timed-out' });
  bumpRevision(state);
  return ok();
}
