import type { CapabilityCompletionEnvelope } from '@gate4agent/tool-protocol';

/**
 * Completions were lost before they reached this edge (the engine's completion queue overflowed
 * or its sequence ran out). Sent once per affected publish to every client, after the
 * completions of that publish.
 */
export interface ToolCompletionSourceGap {
  readonly droppedSinceLastDrain: number;
  readonly totalDropped: number;
  readonly nextSequence: number;
  readonly sequenceExhausted: boolean;
}

/** One item of a completion subscription: a completion for this client, or a source gap. */
export type ToolCompletionDelivery =
  | { readonly kind: 'completion'; readonly completion: CapabilityCompletionEnvelope }
  | { readonly kind: 'source-gap'; readonly gap: ToolCompletionSourceGap };
