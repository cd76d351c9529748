import type { ProviderOperationKey, ProviderRuntimeError } from '@gate4agent/handle';
import type { ProviderBindingId, ToolProviderId } from '@gate4agent/tool-protocol';

/** What went wrong, for each of the 19 supervisor fault kinds. */
export type ProviderSupervisorFaultKind =
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
