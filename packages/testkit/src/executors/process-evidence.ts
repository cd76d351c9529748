import type { ProviderOperationKey } from '@gate4agent/handle';
import type { ChildExit } from '../fixtures/child-exit.js';

/**
 * What a {@link ControlledProviderExecutor} saw, shared by reference between the executor, its
 * operations and the test (upstream `ProcessEvidence` behind an `Arc<Mutex<_>>`).
 */
export interface ProcessEvidence {
  starts: number;
  lastPid: number | null;
  operations: ProviderOperationKey[];
  stopRequests: number;
  forceStopRequests: number;
  reaped: number;
  lastStatus: ChildExit | null;
}

/** Fresh, empty {@link ProcessEvidence}. */
export function createProcessEvidence(): ProcessEvidence {
  return {
    starts: 0,
    lastPid: null,
    operations: [],
    stopRequests: 0,
    forceStopRequests: 0,
    reaped: 0,
    lastStatus: null,
  };
}

/** What an {@link ImmediateStopExecutor} saw (upstream `CancelPressureEvidence`). */
export interface CancelPressureEvidence {
  starts: number;
  stopRequests: number;
  reaped: number;
}

/** Fresh, empty {@link CancelPressureEvidence}. */
export function createCancelPressureEvidence(): CancelPressureEvidence {
  return { starts: 0, stopRequests: 0, reaped: 0 };
}
