import type { Result } from '@gate4agent/types';
import type { TryRecvError } from '../provider-runtime/contract/try-recv-error.js';
import type { BoundedQueue } from '../queue/bounded-queue.js';
import type { ReceiveOptions } from '../queue/receive-async.js';
import { receiveIterator, receiveNext } from '../queue/receive-async.js';

/**
 * The reading end of one bounded subscription. It only ever reports what was really published
 * to it: once the publisher disconnects it (slow reader, closed client, refused registration) it
 * drains what it already holds and then reports `disconnected` for good.
 *
 * Read it without polling: `await sub.next({ signal })` waits for the next item, and
 * `for await (const item of sub)` iterates until the publisher lets go (leaving the loop early
 * closes the subscription). Both are settled by the publisher's own send, never by a timer.
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

  /**
   * Waits for the next item: `{ done: false, value }`, or `{ done: true }` once the publisher has
   * let go and everything it sent has been read. An aborted `signal` rejects with `signal.reason`
   * and takes nothing; the subscription stays open.
   */
  next(options?: ReceiveOptions): Promise<IteratorResult<T, undefined>> {
    return receiveNext(this.#queue, options);
  }

  /**
   * Iterates the items as they are published, ending when the publisher lets go. Leaving the loop
   * early closes the subscription; an aborted `signal` rejects the pending step with `signal.reason`.
   */
  values(options?: ReceiveOptions): AsyncIterableIterator<T, undefined, undefined> {
    return receiveIterator(this.#queue, { ...options, onReturn: () => this.close() });
  }

  /** `for await (const item of subscription)`: {@link values} without a signal. */
  [Symbol.asyncIterator](): AsyncIterableIterator<T, undefined, undefined> {
    return this.values();
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

  /** Same as {@link close}, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    this.close();
  }
}
