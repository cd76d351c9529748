/** The outcome of {@link Deadline.race}. */
export type DeadlineOutcome<T> =
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'thrown'; readonly thrown: unknown }
  | { readonly kind: 'timed-out' };

/** The monotonic clock of the session catalog, injectable for tests. */
export type MonotonicClock = () => number;

/** `performance.now`, wrapped so it can be replaced. */
export const defaultClock: MonotonicClock = () => performance.now();

/**
 * One deadline shared by every step of a bounded close: a single timer, however many effects
 * it bounds. `dispose()` clears the timer so nothing keeps the event loop alive.
 */
export class Deadline {
  readonly #expired: Promise<{ readonly kind: 'timed-out' }>;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly at: number,
    private readonly clock: MonotonicClock,
  ) {
    this.#expired = new Promise((resolve) => {
      this.#timer = setTimeout(() => resolve({ kind: 'timed-out' }), Math.max(0, at - clock()));
    });
  }

  /** Whether the clock has reached the deadline. */
  get passed(): boolean {
    return this.clock() >= this.at;
  }

  /** The milliseconds left (0 once passed). */
  get remaining(): number {
    return Math.max(0, this.at - this.clock());
  }

  /** Awaits `promise` until the deadline; a deadline already passed wins at once. */
  race<T>(promise: Promise<T>): Promise<DeadlineOutcome<T>> {
    const settled = promise.then(
      (value) => ({ kind: 'value', value }) as const,
      (thrown: unknown) => ({ kind: 'thrown', thrown }) as const,
    );
    if (this.passed) return Promise.resolve({ kind: 'timed-out' });
    return Promise.race([settled, this.#expired]);
  }

  /** Clears the timer. */
  dispose(): void {
    clearTimeout(this.#timer);
  }
}

/** Awaits `promise` until `deadline` (a {@link MonotonicClock} reading). */
export async function withDeadline<T>(
  promise: Promise<T>,
  deadline: number,
  clock: MonotonicClock,
): Promise<DeadlineOutcome<T>> {
  const bound = new Deadline(deadline, clock);
  try {
    return await bound.race(promise);
  } finally {
    bound.dispose();
  }
}
