import type {
  NativeProviderExecutor,
  NativeProviderExit,
  NativeProviderOperation,
  NativeProviderOperationError,
  NativeProviderResultPoll,
  ProviderInvocation,
} from '@gate4agent/handle';
import type { ToolFailure } from '@gate4agent/tool-protocol';
import { ok, type Result } from '@gate4agent/types';
import type { CancelPressureEvidence } from './process-evidence.js';

/**
 * The reference E2E's process-free executor for cancel pressure: an operation never produces a
 * result, and the first wait after a stop reports it exited (`{ success: false, code: null }`).
 */
export class ImmediateStopExecutor implements NativeProviderExecutor {
  readonly #evidence: CancelPressureEvidence;

  constructor(options: { readonly evidence: CancelPressureEvidence }) {
    this.#evidence = options.evidence;
  }

  /** Counts the start; starts nothing. */
  start(_invocation: ProviderInvocation): Result<NativeProviderOperation, ToolFailure> {
    this.#evidence.starts += 1;
    return ok(new ImmediateStopOperation(this.#evidence));
  }
}

/** One {@link ImmediateStopExecutor} operation. */
export class ImmediateStopOperation implements NativeProviderOperation {
  readonly #evidence: CancelPressureEvidence;
  #stopped = false;
  #reaped = false;

  constructor(evidence: CancelPressureEvidence) {
    this.#evidence = evidence;
  }

  /** Counts the first request. */
  requestStop(): Result<void, NativeProviderOperationError> {
    if (!this.#stopped) {
      this.#stopped = true;
      this.#evidence.stopRequests += 1;
    }
    return ok();
  }

  /** Same as {@link requestStop}. */
  requestForceStop(): Result<void, NativeProviderOperationError> {
    return this.requestStop();
  }

  /** The exit exactly once, after a stop. */
  tryWait(): Result<NativeProviderExit | null, NativeProviderOperationError> {
    if (!this.#stopped || this.#reaped) return ok(null);
    this.#reaped = true;
    this.#evidence.reaped += 1;
    return ok({ success: false, code: null });
  }

  /** Always `pending`. */
  tryPollResult(): Result<NativeProviderResultPoll, NativeProviderOperationError> {
    return ok({ kind: 'pending' });
  }
}
