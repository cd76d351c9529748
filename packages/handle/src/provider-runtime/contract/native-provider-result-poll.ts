import type { CapabilityObservation } from '@gate4agent/tool-protocol';

/**
 * What polling an operation's result found: nothing yet, the terminal observation, or a result
 * channel that closed without one.
 */
export type NativeProviderResultPoll =
  | { readonly kind: 'pending' }
  | { readonly kind: 'ready'; readonly observation: CapabilityObservation }
  | { readonly kind: 'closed' };
