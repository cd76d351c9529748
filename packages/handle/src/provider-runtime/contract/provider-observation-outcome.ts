import type {
  CapabilityRequestKey,
  ObservationIgnoredReason,
  ToolOperationId,
} from '@gate4agent/tool-protocol';

/**
 * The kernel's canonical disposition of one submitted observation. `applied` and `ignored` are
 * normal; the other three mean the binding has been faulted.
 *
 * `TRejection` is the kernel's `KernelProviderError` carried by `rejected`. The contract leaves it
 * open (`unknown`) because a provider consumer never inspects it, only reports it; the concrete
 * provider-runtime handle narrows it.
 */
export type ProviderObservationStatus<TRejection = unknown> =
  | { readonly kind: 'applied' }
  | { readonly kind: 'ignored'; readonly reason: ObservationIgnoredReason }
  | { readonly kind: 'rejected'; readonly error: TRejection }
  | { readonly kind: 'contract-violation' }
  | { readonly kind: 'runtime-closed' };

/**
 * A receipt for one observation submitted with `tryComplete`: `sequence` is the value
 * `tryComplete` returned, and the receipt names the operation it was submitted for.
 */
export interface ProviderObservationOutcome<TRejection = unknown> {
  readonly sequence: number;
  readonly operationId: ToolOperationId;
  readonly requestKey: CapabilityRequestKey;
  readonly status: ProviderObservationStatus<TRejection>;
}
