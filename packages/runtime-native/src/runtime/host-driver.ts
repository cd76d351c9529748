import { HOST_TICK_INTERVAL } from '../constants.js';

/** The shortest delay, in milliseconds, the driver waits for with a timer. */
export const MIN_TIMED_DELAY = 1;

/**
 * Runs `tick` on the event loop, never overlapping ticks. After each tick it asks `nextDelay()`
 * when the next one is needed: `0` (or under a millisecond) at once, a number of milliseconds for
 * work that genuinely
 * needs time (a grace window, a live operation that is polled), `null` for never: the driver
 * then sleeps with no timer at all until `wake()`. `wake()` is what producers call (ingress,
 * worker observations, executor activity); wakes coalesce into one pending immediate tick.
 */
export class HostDriver {
  readonly #tick: () => void;
  readonly #nextDelay: () => number | null;
  readonly #onError: (error: unknown) => void;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #immediate: ReturnType<typeof setImmediate> | null = null;
  #running = false;
  #error: unknown = null;

  /**
   * `onError` receives what a tick (or `nextDelay`) threw; the driver then goes on ticking,
   * no sooner than {@link HOST_TICK_INTERVAL} later. It must not throw.
   */
  constructor(
    tick: () => void,
    nextDelay: () => number | null,
    onError: (error: unknown) => void = () => {},
  ) {
    this.#tick = tick;
    this.#nextDelay = nextDelay;
    this.#onError = onError;
  }

  /** Whether the driver is scheduling ticks. */
  get running(): boolean {
    return this.#running;
  }

  /** The exception the last failed tick threw (reported to `onError`); `null` while healthy. */
  get error(): unknown {
    return this.#error;
  }

  /** Whether a tick is scheduled (immediate or timed); false while the driver sleeps. */
  get scheduled(): boolean {
    return this.#immediate !== null || this.#timer !== null;
  }

  /** Starts ticking with one immediate tick. Idempotent. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#error = null;
    this.wake();
  }

  /** Cancels whatever is scheduled; later wakes do nothing until `start()`. */
  stop(): void {
    this.#running = false;
    this.#clearTimer();
    if (this.#immediate !== null) clearImmediate(this.#immediate);
    this.#immediate = null;
  }

  /** Ticks as soon as the event loop turns (coalesced: one pending immediate tick at most). */
  wake(): void {
    if (!this.#running || this.#immediate !== null) return;
    this.#immediate = setImmediate(() => this.#run());
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #run(): void {
    this.#immediate = null;
    this.#clearTimer();
    if (!this.#running) return;
    let failed = false;
    let delay: number | null = null;
    try {
      this.#tick();
      // A producer woke us during the tick: that immediate tick comes first.
      if (!this.#running || this.#immediate !== null) return;
      delay = this.#nextDelay();
    } catch (error) {
      failed = true;
      this.#error = error;
      try {
        this.#onError(error);
      } catch {
        // The error channel re-throws its own listeners' errors later; nothing to add here.
      }
    }
    if (!this.#running) return;
    if (failed) {
      // Keep serving, but never spin on a tick that keeps throwing.
      if (this.#immediate !== null) clearImmediate(this.#immediate);
      this.#immediate = null;
      this.#timer = setTimeout(() => this.#run(), HOST_TICK_INTERVAL);
      return;
    }
    if (delay === null) return;
    // Under a millisecond a timer cannot wait: Node runs it a whole millisecond (or more) later,
    // which a stop-grace deadline would add to every force stop. The next turn ticks instead.
    if (delay < MIN_TIMED_DELAY) this.wake();
    else this.#timer = setTimeout(() => this.#run(), delay);
  }
}
