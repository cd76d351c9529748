import type { ProviderOperationKey, ProviderRuntimeError } from '@gate4agent/handle';
import type { ProviderBindingId, ToolProviderId } from '@gate4agent/tool-protocol';

/** The executor method (or property) a fault names. */
export type ExecutorMethod =
  | 'start'
  | 'try-poll-result'
  | 'try-wait'
  | 'request-stop'
  | 'request-force-stop'
  | 'pid';

/**
 * What went wrong, for each of the 19 upstream supervisor fault kinds and the four added here
 * for executors that misbehave: `executor-threw` (a method threw; `message` is the exception's),
 * `invalid-executor-value` (a method returned something that is not its contract's shape),
 * `executor-hung` (after a force stop, `tryWait` never proved the exit within
 * `PROVIDER_EXIT_PROOF_TIMEOUT`) and `exit-unproven` (an operation was acknowledged although no
 * one could prove its exit: a broken executor and no `pid` to check). All four block detach.
 */
export type ProviderSupervisorFaultKind =
  | { readonly kind: 'executor-threw'; readonly method: ExecutorMethod; readonly message: string }
  | { readonly kind: 'invalid-executor-value'; readonly method: ExecutorMethod }
  | { readonly kind: 'executor-hung'; readonly method: ExecutorMethod }
  | { readonly kind: 'exit-unproven' }
  | { readonly kind: 'invalid-executor-failure' }
  | { readonly kind: 'invalid-executor-observation' }
  | { readonly kind: 'stop-signal-failed' }
  | { readonly kind: 'force-stop-failed' }
  | { readonly kind: 'wait-failed' }
  | { readonly kind: 'result-poll-failed' }
  | { readonly kind: 'operation-capacity-exceeded' }
  | { readonly kind: 'conflicting-invocation' }
  | { readonly kind: 'unknown-cancellation' }
  | { readonly kind: 'cancellation-identity-mismatch' }
  | { readonly kind: 'observation-outcome-rejected' }
  | { readonly kind: 'observation-outcome-contract-violation' }
  | { readonly kind: 'observation-outcome-runtime-closed' }
  | { readonly kind: 'observation-outcome-mismatch' }
  | { readonly kind: 'tombstone-capacity-exceeded' }
  | { readonly kind: 'runtime-quiesce-failed'; readonly error: ProviderRuntimeError }
  | { readonly kind: 'runtime-completion-failed'; readonly error: ProviderRuntimeError }
  | { readonly kind: 'runtime-close-failed'; readonly error: ProviderRuntimeError }
  | { readonly kind: 'fault-buffer-overflow'; readonly dropped: number };

/**
 * One supervisor fault. `blocksDetach` faults fence every owned operation and keep the binding
 * attached until everything is stopped and reaped; the others are reports.
 */
export interface ProviderSupervisorFault {
  readonly providerId: ToolProviderId;
  readonly bindingId: ProviderBindingId;
  readonly operation: ProviderOperationKey | null;
  readonly kind: ProviderSupervisorFaultKind;
  /** The executor's error code, for faults caused by a failed executor request. */
  readonly executorErrorCode: string | null;
  readonly blocksDetach: boolean;
}
