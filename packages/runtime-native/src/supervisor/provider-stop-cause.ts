import type { InvocationCancelReason } from '@gate4agent/tool-protocol';

/**
 * Why the supervisor stopped a physical operation: the engine cancelled it (with the engine's
 * reason), the provider is retiring, or a blocking supervisor fault fenced it.
 */
export type ProviderStopCause =
  | { readonly kind: 'cancellation'; readonly reason: InvocationCancelReason }
  | { readonly kind: 'retirement' }
  | { readonly kind: 'supervisor-fault' };

/** Whether two stop causes are the same value. */
export function sameStopCause(a: ProviderStopCause | null, b: ProviderStopCause | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'cancellation' && b.kind === 'cancellation') return a.reason === b.reason;
  return a.kind === b.kind;
}
