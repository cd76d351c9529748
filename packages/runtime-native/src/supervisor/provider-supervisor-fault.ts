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

/**
 * What a fault kind means, in plain English with its values (the sentence
 * `NativeRuntimeError.providerFaulted` puts in its message). `code` is the executor's error code
 * when the fault came from a failed executor request.
 */
export function describeFaultKind(kind: ProviderSupervisorFaultKind, code: string | null): string {
  const executorCode = code === null ? '' : ` (executor error code ${code})`;
  switch (kind.kind) {
    case 'executor-threw':
      return `its executor's ${kind.method} threw: ${kind.message}`;
    case 'invalid-executor-value':
      return `its executor's ${kind.method} returned a value outside the executor contract`;
    case 'executor-hung':
      return `its executor's ${kind.method} never proved the exit after a force stop`;
    case 'exit-unproven':
      return 'an operation was acknowledged although no one could prove its process exited (the executor failed and has no pid to check)';
    case 'invalid-executor-failure':
      return `its executor's start failed with an invalid ToolFailure, so a contract violation was submitted instead${executorCode}`;
    case 'invalid-executor-observation':
      return `its executor returned an invalid result, no result, or a capability the descriptor lacks${executorCode}`;
    case 'stop-signal-failed':
      return `its executor refused the stop request${executorCode}`;
    case 'force-stop-failed':
      return `its executor refused the force-stop request${executorCode}`;
    case 'wait-failed':
      return `its executor's tryWait failed${executorCode}`;
    case 'result-poll-failed':
      return `its executor's tryPollResult failed${executorCode}`;
    case 'operation-capacity-exceeded':
      return 'the supervisor already owns the most operations it can hold';
    case 'conflicting-invocation':
      return 'an invocation reused an operation id the supervisor already owns or has tombstoned';
    case 'unknown-cancellation':
      return 'a cancel named an operation the supervisor does not know';
    case 'cancellation-identity-mismatch':
      return 'a cancel named a known operation id with another identity';
    case 'observation-outcome-rejected':
      return "the kernel's receipt for an observation was neither applied nor ignored";
    case 'observation-outcome-contract-violation':
      return 'the kernel found that an observation broke the provider runtime contract';
    case 'observation-outcome-runtime-closed':
      return 'the provider runtime was closed when an observation arrived';
    case 'observation-outcome-mismatch':
      return "the kernel's receipt for an observation did not correlate with it";
    case 'tombstone-capacity-exceeded':
      return 'the tombstone store of finished operation ids is full';
    case 'runtime-quiesce-failed':
      return `quiescing its provider runtime failed: ${kind.error.message}`;
    case 'runtime-completion-failed':
      return `completing an operation in its provider runtime failed: ${kind.error.message}`;
    case 'runtime-close-failed':
      return `closing its provider runtime failed: ${kind.error.message}`;
    case 'fault-buffer-overflow':
      return `${kind.dropped} fault(s) were dropped because nobody drained the fault buffer`;
  }
}
