import { err, ok, type Result } from '@gate4agent/types';
import { DEFAULT_SCOPE_CLOSE_TIMEOUT_MS, MAX_SCOPE_CLOSE_TIMEOUT_MS } from '../constants.js';
import { CapabilityScopeError } from '../errors/capability-scope-error.js';

/** What closing one scope did; clean means no counter named failed or timed out is above 0. */
export interface ScopeCloseReport {
  readonly tasksCompleted: number;
  readonly tasksFailed: number;
  readonly tasksCancelled: number;
  readonly tasksTimedOut: number;
  readonly childScopesClosed: number;
  readonly childScopesFailed: number;
  readonly childScopesTimedOut: number;
  readonly effectsClosed: number;
  readonly effectsFailed: number;
  readonly effectsTimedOut: number;
  readonly generationLeasesReleased: number;
  readonly isClean: boolean;
}

/** A mutable tally that becomes a frozen {@link ScopeCloseReport}. */
export type ScopeCloseTally = {
  -readonly [K in Exclude<keyof ScopeCloseReport, 'isClean'>]: number;
};

/** A tally with every counter at zero. */
export function emptyTally(): ScopeCloseTally {
  return {
    tasksCompleted: 0,
    tasksFailed: 0,
    tasksCancelled: 0,
    tasksTimedOut: 0,
    childScopesClosed: 0,
    childScopesFailed: 0,
    childScopesTimedOut: 0,
    effectsClosed: 0,
    effectsFailed: 0,
    effectsTimedOut: 0,
    generationLeasesReleased: 0,
  };
}

/** Freezes `tally` into a report with its `isClean` verdict. */
export function finishReport(tally: ScopeCloseTally): ScopeCloseReport {
  const isClean =
    tally.tasksFailed === 0 &&
    tally.tasksTimedOut === 0 &&
    tally.childScopesFailed === 0 &&
    tally.childScopesTimedOut === 0 &&
    tally.effectsFailed === 0 &&
    tally.effectsTimedOut === 0;
  return Object.freeze({ ...tally, isClean });
}

/** How long one scope close may take, in milliseconds: 1..=60 000 (default 5 000). */
export interface ScopeClosePolicy {
  readonly timeoutMs: number;
}

/** Validates a {@link ScopeClosePolicy}; 0 is invalid and more than 60 s exceeds the bound. */
export function scopeClosePolicy(
  timeoutMs: number = DEFAULT_SCOPE_CLOSE_TIMEOUT_MS,
): Result<ScopeClosePolicy, CapabilityScopeError> {
  if (!(timeoutMs > 0))
    return err(CapabilityScopeError.invalidExecutionLimit('scope_close_timeout_ms'));
  if (timeoutMs > MAX_SCOPE_CLOSE_TIMEOUT_MS) {
    return err(
      CapabilityScopeError.boundExceeded('scope_close_timeout_ms', MAX_SCOPE_CLOSE_TIMEOUT_MS),
    );
  }
  return ok(Object.freeze({ timeoutMs }));
}
