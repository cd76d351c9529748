import type { ProviderCancellation } from './provider-cancellation.js';
import type { ProviderInvocation } from './provider-invocation.js';

/** One item of a provider runtime's work queue: start an invocation, or cancel one. */
export type ProviderWork =
  | { readonly kind: 'invoke'; readonly invocation: ProviderInvocation }
  | { readonly kind: 'cancel'; readonly cancellation: ProviderCancellation };
