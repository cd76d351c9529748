/** A manual monotonic clock in milliseconds, for code that takes `now: () => number`. */
export interface FakeClock {
  /** The current time; pass `clock.now` where a `now` function is expected. */
  readonly now: () => number;
  /** Moves time forward by `ms` (≥ 0) and returns the new time. */
  advance(ms: number): number;
  /** Jumps to `ms`, which must not be earlier than now (the clock is monotonic). */
  set(ms: number): void;
}

/** Creates a {@link FakeClock} starting at `start` (default 0). */
export function createFakeClock(start = 0): FakeClock {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      if (!(ms >= 0)) throw new RangeError(`a fake clock only moves forward; got ${ms} ms`);
      current += ms;
      return current;
    },
    set(ms) {
      if (!(ms >= current))
        throw new RangeError(`a fake clock cannot go back from ${current} to ${ms}`);
      current = ms;
    },
  };
}
