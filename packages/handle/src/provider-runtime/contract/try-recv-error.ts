/**
 * Why a non-blocking receive returned nothing: the queue is empty for now, or it is empty and its
 * sender is gone (or, for provider work, the binding is fenced).
 */
export type TryRecvError =
  | { readonly kind: 'empty'; readonly message: string }
  | { readonly kind: 'disconnected'; readonly message: string };

/** One factory per {@link TryRecvError} variant, with a plain-English message. */
export const TryRecvError = {
  /** Nothing is buffered now. */
  empty: (): TryRecvError => ({
    kind: 'empty',
    message:
      'nothing is buffered yet; wait for the next item (await next()) or retry after the next tick',
  }),
  /** Nothing is buffered and nothing more will arrive. */
  disconnected: (): TryRecvError => ({
    kind: 'disconnected',
    message: 'nothing is buffered and the sender is gone; stop receiving',
  }),
} as const;
