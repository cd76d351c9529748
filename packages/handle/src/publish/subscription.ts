import type { Result } from '@gate4agent/types';
import type { TryRecvError } from '../provider-runtime/contract/try-recv-error.js';
import type { BoundedQueue } from '../queue/bounded-queue.js';

/**
 * The reading end of one bounded subscription. It only ever reports what was really published
 * to it: once the publisher disconnects it (slow reader, closed client, refused registration) it
 * drains what it already holds and then reports `disconnected` for good.
 */
export class Subscription<T> {
  readonly #queue: BoundedQueue<T>;

  /** @internal built by the publishing side; applications receive subscriptions from `subscribe*`. */
  constructor(queue: BoundedQueue<T>) {
    this.#queue = queue;
  }

  /** The next item, or `empty`, or `disconnected` once the publisher has let go and nothing is left. */
  tryRecv(): Result<T, TryRecvError> {
    return this.#queue.tryRecv();
  }

  /** The queue capacity after clamping. */
  get capacity(): number {
    return this.#queue.capacity;
  }

  /**
   * Drops the reading end (Rust: dropping the subscription). The publisher prunes it on its next
   * publish and counts it under `disconnectedClosed`. Idempotent.
   */
  close(): void {
    this.#queue.closeReceiver();
  }

  /** Same as {@link close}, for `using`. */
  [Symbol.dispose](): void {
    this.close();
  }
}
