/**
 * Sends at most one value per `intervalMs`: the first at once, later ones at the end of the
 * interval, and only the latest of a burst (a terminal frame replaces the one before it).
 */
export class FrameThrottle<T> {
  readonly #intervalMs: number;
  readonly #send: (value: T) => void;
  #lastSent = Number.NEGATIVE_INFINITY;
  #pending: { value: T } | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(intervalMs: number, send: (value: T) => void) {
    this.#intervalMs = intervalMs;
    this.#send = send;
  }

  /** Offers the newest value. */
  offer(value: T): void {
    const wait = this.#lastSent + this.#intervalMs - performance.now();
    if (wait <= 0 && this.#timer === null) {
      this.#emit(value);
      return;
    }
    this.#pending = { value };
    this.#timer ??= setTimeout(
      () => {
        this.#timer = null;
        const pending = this.#pending;
        this.#pending = null;
        if (pending !== null) this.#emit(pending.value);
      },
      Math.max(0, wait),
    );
  }

  /** Drops what is pending and the timer. */
  close(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#pending = null;
  }

  #emit(value: T): void {
    this.#lastSent = performance.now();
    this.#send(value);
  }
}
