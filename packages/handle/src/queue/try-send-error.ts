/** Why a non-blocking send did not enqueue its item. */
export type TrySendError =
  | { readonly kind: 'full'; readonly message: string }
  | { readonly kind: 'disconnected'; readonly message: string };

/** One factory per {@link TrySendError} variant, with the upstream (Rust std) wording. */
export const TrySendError = {
  /** The buffer is at capacity; the item was not enqueued. */
  full: (): TrySendError => ({ kind: 'full', message: 'sending on a full channel' }),
  /** The receiver is gone; the item was not enqueued. */
  disconnected: (): TrySendError => ({
    kind: 'disconnected',
    message: 'sending on a closed channel',
  }),
} as const;
