import type { ObservationEnvelope } from '@gate4agent/types';

/**
 * The bounded worker → runtime observation channel. Workers `await send()`, which waits while
 * the channel is full (backpressure, never loss); the runtime drains it without blocking inside
 * `tick()`. Every arrival calls the `onArrival` hook so a host driver can tick at once.
 */
export class ObservationChannel {
  readonly capacity: number;
  readonly #items: ObservationEnvelope[] = [];
  readonly #waiting: (() => void)[] = [];
  readonly #onArrival: () => void;
  #closed = false;

  constructor(capacity: number, onArrival: () => void) {
    this.capacity = Math.max(1, capacity);
    this.#onArrival = onArrival;
  }

  /** Buffered observations. */
  get length(): number {
    return this.#items.length;
  }

  /** Enqueues `observation`, waiting for room; false once the channel is closed. */
  async send(observation: ObservationEnvelope): Promise<boolean> {
    while (!this.#closed && this.#items.length >= this.capacity) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    if (this.#closed) return false;
    this.#items.push(observation);
    this.#onArrival();
    return true;
  }

  /** Takes the oldest observation, if any. */
  tryRecv(): ObservationEnvelope | undefined {
    const item = this.#items.shift();
    if (item !== undefined) this.#waiting.shift()?.();
    return item;
  }

  /** Closes the channel: buffered items are dropped and every waiting sender returns false. */
  close(): void {
    this.#closed = true;
    this.#items.length = 0;
    for (const resolve of this.#waiting.splice(0)) resolve();
  }
}
