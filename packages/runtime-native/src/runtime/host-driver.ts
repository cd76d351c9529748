import { HOST_TICK_INTERVAL } from '../constants.js';

/**
 * Runs `tick` on the event loop with a `setTimeout` chain (ticks never overlap). While `busy()`
 * reports work in flight it ticks every {@link HOST_TICK_INTERVAL}; when idle it backs off,
 * doubling up to `idleIntervalMs`. `wake()` schedules an immediate tick (observations, ingress).
 */
export class HostDriver {
  readonly #tick: () => void;
  readonly #busy: () => boolean;
  readonly #idleIntervalMs: number;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #immediate = false;
  #running = false;
  #idleDelay = HOST_TICK_INTERVAL;
  #error: unknown = null;

  constructor(tick: () => void, busy: () => boolean, idleIntervalMs: number) {
    this.#tick = tick;
    this.#busy = busy;
    this.#idleIntervalMs = Math.max(HOST_TICK_INTERVAL, idleIntervalMs);
  }

  /** Whether the driver is scheduling ticks. */
  get running(): boolean {
    return this.#running;
  }

  /** The exception a tick threw, which stopped the driver; `null` while healthy. */
  get error(): unknown {
    return this.#error;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#error = null;
    this.wake();
  }

  stop(): void {
    this.#running = false;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#immediate = false;
  }

  /** Ticks as soon as the event loop turns (debounced: one pending immediate tick at most). */
  wake(): void {
    if (!this.#running || this.#immediate) return;
    this.#idleDelay = HOST_TICK_INTERVAL;
    this.#schedule(0);
    this.#immediate = true;
  }

  #schedule(delay: number): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#run(), delay);
  }

  #run(): void {
    this.#timer = null;
    this.#immediate = false;
    if (!this.#running) return;
    try {
      this.#tick();
    } catch (error) {
      this.#error = error;
      this.stop();
      return;
    }
    if (!this.#running || this.#timer !== null) return;
    if (this.#busy()) {
      this.#idleDelay = HOST_TICK_INTERVAL;
      this.#schedule(HOST_TICK_INTERVAL);
    } else {
      this.#schedule(this.#idleDelay);
      this.#idleDelay = Math.min(this.#idleDelay * 2, this.#idleIntervalMs);
    }
  }
}
