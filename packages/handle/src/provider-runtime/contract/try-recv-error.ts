/**
 * Why a non-blocking receive returned nothing: the queue is empty for now, or it is empty and its
 * sender is gone (or, for provider work, the binding is fenced).
 */
export type TryRecvError =
  | { readonly kind: 'empty'; readonly message: string }
  | { readonly kind: 'disconnected'; readonly message: string };

/** One factory per {@link TryRecvError} variant, with the upstream (Rust std) wording. */
export const TryRecvError = {
  /** Nothing is buffered now. */
  empty: (): TryRecvError => ({ kind: 'empty', message: 'receiving on an empty channel' }),
  /** Nothing is buffered and nothing more will arrive. */
  disconnected: (): TryRecvError => ({
    kind: 'disconnected',
    message: 'receiving on an empty and disconnected channel',
  }),
} as const;
