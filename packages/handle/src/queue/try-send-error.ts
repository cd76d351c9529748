/** Why a non-blocking send did not enqueue its item. */
export type TrySendError =
  | { readonly kind: 'full'; readonly message: string }
  | { readonly kind: 'disconnected'; readonly message: string };

/** One factory per {@link TrySendError} variant, with a plain-English message. */
export const TrySendError = {
  /** The buffer is at capacity; the item was not enqueued. */
  full: (): TrySendError => ({
    kind: 'full',
    message: 'the queue is full; retry after its receiver drained it',
  }),
  /** The receiver is gone; the item was not enqueued. */
  disconnected: (): TrySendError => ({
    kind: 'disconnected',
    message: 'the receiver is gone; stop sending',
  }),
} as const;
