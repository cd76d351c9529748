import type { Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import { TryRecvError } from '../provider-runtime/contract/try-recv-error.js';
import { ListenerSet } from './listener-set.js';
import { TrySendError } from './try-send-error.js';

/**
 * A bounded FIFO with non-blocking ends: the in-memory equivalent of one Rust `sync_channel`
 * used only through `try_send` / `try_recv`. It never blocks and never holds more than
 * `capacity` items.
 */
export class BoundedQueue<T> {
  /** The most items the queue ever buffers (the caller passes an already clamped value). */
  readonly capacity: number;
  readonly #buffer: (T | undefined)[];
  #head = 0;
  #length = 0;
  #senderClosed = false;
  #receiverClosed = false;
  readonly #onSend: ListenerSet | null;
  /** Receiver-side readiness listeners, created on first use (most queues are never awaited). */
  #readable: ListenerSet | null = null;

  /** `onSend`, when given, is notified after every successful send. */
  constructor(capacity: number, onSend: ListenerSet | null = null) {
    this.capacity = capacity;
    this.#buffer = new Array<T | undefined>(capacity);
    this.#onSend = onSend;
  }

  /** Number of items buffered now. */
  get length(): number {
    return this.#length;
  }

  /** Whether the receiving end has been closed (every later send is `disconnected`). */
  get receiverClosed(): boolean {
    return this.#receiverClosed;
  }

  /** Whether the sending end has been closed (the reader drains, then sees `disconnected`). */
  get senderClosed(): boolean {
    return this.#senderClosed;
  }

  /** Enqueues `item`, or reports `full` / `disconnected` without enqueueing it. */
  trySend(item: T): Result<void, TrySendError> {
    if (this.#receiverClosed || this.#senderClosed) return err(TrySendError.disconnected());
    if (this.#length >= this.capacity) return err(TrySendError.full());
    this.#buffer[(this.#head + this.#length) % this.capacity] = item;
    this.#length += 1;
    this.#onSend?.notify();
    this.#readable?.notify();
    return ok();
  }

  /** Dequeues the oldest item; `disconnected` only once the buffer is empty and the sender gone. */
  tryRecv(): Result<T, TryRecvError> {
    if (this.#length === 0) {
      return err(
        this.#senderClosed || this.#receiverClosed
          ? TryRecvError.disconnected()
          : TryRecvError.empty(),
      );
    }
    const item = this.#buffer[this.#head] as T;
    this.#buffer[this.#head] = undefined;
    this.#head = (this.#head + 1) % this.capacity;
    this.#length -= 1;
    return ok(item);
  }

  /** Dequeues up to `limit` items, stopping at the first empty or disconnected receive. */
  drain(limit: number): T[] {
    const items: T[] = [];
    while (items.length < limit) {
      const next = this.tryRecv();
      if (!next.ok) break;
      items.push(next.value);
    }
    return items;
  }

  /** Drops the (last) sender: buffered items stay readable, then receives report `disconnected`. */
  closeSender(): void {
    if (this.#senderClosed) return;
    this.#senderClosed = true;
    this.#readable?.notify();
  }

  /** Drops the receiver: the buffer is discarded and every later send reports `disconnected`. */
  closeReceiver(): void {
    this.#receiverClosed = true;
    this.#buffer.fill(undefined);
    this.#head = 0;
    this.#length = 0;
    this.#readable?.notify();
  }

  /**
   * Calls `listener` after every change that can make {@link tryRecv} answer differently: a
   * successful send, or either end closing. Returns the function that removes it. This is what the
   * awaitable receives (`receiveNext`) wait on; it never schedules a timer.
   */
  onReadable(listener: () => void): () => void {
    this.#readable ??= new ListenerSet();
    return this.#readable.add(listener);
  }
}
