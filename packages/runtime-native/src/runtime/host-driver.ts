import { HOST_TICK_INTERVAL } from '../constants.js';

/** The shortest delay, in milliseconds, the driver waits for with a timer. */
export const MIN_TIMED_DELAY = 1;

/**
 * How much sooner than an exact deadline the driver's timer fires, in milliseconds. Node timers
 * count whole milliseconds of a loop clock read once per turn: one fires up to a millisecond (or,
 * on a busy loop, more) after its delay, and sometimes a little before it. A timer this much
 * early, then hops to the deadline (see {@link HOP_SLEEP_MAX}), ticks within a fraction of a
 * millisecond of it instead.
 */
export const DEADLINE_TIMER_LEAD = 1;

/**
 * The longest a hop towards a deadline sleeps, in milliseconds: the thread sleeps (no CPU, and
 * woken on time by the kernel's high-resolution timer) for at most this long, and the event loop
 * turns between two such sleeps, so I/O waits no longer than this. A process that spun instead
 * would be preempted on a loaded machine and miss the deadline by more.
 */
export const HOP_SLEEP_MAX = 0.25;

/** The last stretch before a deadline, in milliseconds, that hops spin rather than sleep. */
export const HOP_SPIN = 0.1;

/**
 * The most real time, in milliseconds, the driver hops towards one deadline. A clock that does not
 * follow real time (a test's hand-moved clock) would otherwise keep it hopping, one short sleep
 * per loop turn, until the clock reaches the deadline: past this, that deadline is waited for on
 * plain timers instead.
 */
export const HOP_REAL_MAX = DEADLINE_TIMER_LEAD + 2;

const sleepCell = new Int32Array(new SharedArrayBuffer(4));

/** Blocks the thread for about `ms` milliseconds without burning CPU. */
function sleepBriefly(ms: number): void {
  Atomics.wait(sleepCell, 0, 0, ms);
}

/** An exact deadline the driver must not tick late for (see {@link HostDriver}). */
export interface HostDriverDeadlines {
  /** The monotonic clock the deadlines are read on, in milliseconds. */
  readonly now: () => number;
  /**
   * The clock reading of the earliest exact deadline (a stop grace ending), or `null` with none.
   * Read after a tick, together with `nextDelay()`.
   */
  readonly deadline: () => number | null;
}

/**
 * Runs `tick` on the event loop, never overlapping ticks. After each tick it asks `nextDelay()`
 * when the next one is needed: `0` (or under a millisecond) at once, a number of milliseconds for
 * work that genuinely
 * needs time (a grace window, a live operation that is polled), `null` for never: the driver
 * then sleeps with no timer at all until `wake()`. `wake()` is what producers call (ingress,
 * worker observations, executor activity); wakes coalesce into one pending immediate tick.
 *
 * When the delay is an exact deadline's (`deadlines`), the timer fires
 * {@link DEADLINE_TIMER_LEAD} early and the driver then hops from one loop turn to the next until
 * the clock reaches the deadline: each hop sleeps up to {@link HOP_SLEEP_MAX} (short of the last
 * {@link HOP_SPIN}, which it spins), so the tick is neither a timer's millisecond late nor early.
 * Hops happen only in that last millisecond or so before a deadline, and for at most
 * {@link HOP_REAL_MAX} of real time per deadline: a clock that lags real time gets plain timers.
 */
export class HostDriver {
  readonly #tick: () => void;
  readonly #nextDelay: () => number | null;
  readonly #onError: (error: unknown) => void;
  readonly #deadlines: HostDriverDeadlines | null;
  /** The deadline the pending immediate hops towards; `null` for a plain wake. */
  #hopUntil: number | null = null;
  /** Real time (`performance.now()`) the hops towards `#hopUntil` began; `null` when not hopping. */
  #hopStartedAt: number | null = null;
  /** The deadline the driver gave up hopping towards ({@link HOP_REAL_MAX}). */
  #abandoned: number | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #immediate: ReturnType<typeof setImmediate> | null = null;
  #running = false;
  #error: unknown = null;

  /**
   * `onError` receives what a tick (or `nextDelay`) threw; the driver then goes on ticking,
   * no sooner than {@link HOST_TICK_INTERVAL} later. It must not throw. Without `deadlines` every
   * delay is waited for with a plain timer.
   */
  constructor(
    tick: () => void,
    nextDelay: () => number | null,
    onError: (error: unknown) => void = () => {},
    deadlines: HostDriverDeadlines | null = null,
  ) {
    this.#tick = tick;
    this.#nextDelay = nextDelay;
    this.#onError = onError;
    this.#deadlines = deadlines;
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
    this.#clearImmediate();
  }

  /** Ticks as soon as the event loop turns (coalesced: one pending immediate tick at most). */
  wake(): void {
    if (!this.#running) return;
    // A hop towards a deadline gives way to the tick asked for now.
    if (this.#hopUntil !== null) this.#clearImmediate();
    if (this.#immediate !== null) return;
    this.#immediate = setImmediate(() => this.#run());
  }

  #clearImmediate(): void {
    if (this.#immediate !== null) clearImmediate(this.#immediate);
    this.#immediate = null;
    this.#hopUntil = null;
    this.#hopStartedAt = null;
  }

  // One loop turn nearer `deadline` (a short sleep, or a spin at the very end): ticks once the
  // clock has reached it, else goes on on the next turn.
  #hop(deadline: number): void {
    this.#immediate = null;
    this.#hopUntil = null;
    this.#clearTimer();
    if (!this.#running) return;
    const startedAt = this.#hopStartedAt ?? performance.now();
    this.#hopStartedAt = startedAt;
    let reached = true;
    try {
      reached = this.#reachedAfterSleep(deadline);
    } catch {
      // A clock that throws: the tick reads it too, and its error is reported from there.
    }
    if (reached) {
      this.#run();
    } else if (performance.now() - startedAt > HOP_REAL_MAX) {
      this.#abandoned = deadline;
      this.#hopStartedAt = null;
      this.#timer = setTimeout(() => this.#run(), MIN_TIMED_DELAY);
    } else {
      this.#hopNext(deadline);
    }
  }

  // Sleeps towards `deadline` (never past it, nor in its last HOP_SPIN); whether it is reached.
  #reachedAfterSleep(deadline: number): boolean {
    const deadlines = this.#deadlines;
    if (deadlines === null) return true;
    const rest = deadline - deadlines.now();
    if (rest <= 0) return true;
    if (rest > HOP_SPIN) sleepBriefly(Math.min(rest - HOP_SPIN, HOP_SLEEP_MAX));
    return deadlines.now() >= deadline;
  }

  #hopNext(deadline: number): void {
    this.#hopUntil = deadline;
    this.#immediate = setImmediate(() => this.#hop(deadline));
  }

  // The clock reading of the exact deadline that `delay` waits for, or `null` when `delay` is a
  // sooner cadence, or the deadline already passed (the owner's delay then polls for it instead
  // of the driver spinning).
  #deadlineOf(delay: number): number | null {
    const deadlines = this.#deadlines;
    if (deadlines === null) return null;
    const deadline = deadlines.deadline();
    if (deadline === null || deadline === this.#abandoned) return null;
    const until = deadline - deadlines.now();
    return until > 0 && until <= delay ? deadline : null;
  }

  // Waits `delay` ms: on a plain timer, or, when it is the wait for an exact deadline, on a timer
  // that fires early and hops the rest of the way (see DEADLINE_TIMER_LEAD).
  #wait(delay: number, deadline: number | null): void {
    if (deadline === null) {
      this.#timer = setTimeout(() => this.#run(), delay);
    } else if (delay < MIN_TIMED_DELAY + DEADLINE_TIMER_LEAD) {
      this.#hopNext(deadline);
    } else {
      this.#timer = setTimeout(() => this.#hop(deadline), delay - DEADLINE_TIMER_LEAD);
    }
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #run(): void {
    this.#immediate = null;
    this.#hopUntil = null;
    this.#hopStartedAt = null;
    this.#clearTimer();
    if (!this.#running) return;
    let failed = false;
    let delay: number | null = null;
    let deadline: number | null = null;
    try {
      this.#tick();
      // A producer woke us during the tick: that immediate tick comes first.
      if (!this.#running || this.#immediate !== null) return;
      delay = this.#nextDelay();
      if (delay !== null && delay > 0) deadline = this.#deadlineOf(delay);
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
      this.#clearImmediate();
      this.#timer = setTimeout(() => this.#run(), HOST_TICK_INTERVAL);
      return;
    }
    if (delay === null) return;
    // Under a millisecond a timer cannot wait: Node runs it a whole millisecond (or more) later,
    // which a stop-grace deadline would add to every force stop. An exact deadline is hopped to;
    // anything else ticks on the next turn, unless it is a deadline given up on (a clock that
    // lags real time), which plain timers poll instead of a tick spinning on every turn.
    if (deadline !== null) this.#wait(delay, deadline);
    else if (delay >= MIN_TIMED_DELAY || this.#pollsAbandoned()) {
      this.#timer = setTimeout(() => this.#run(), Math.max(delay, MIN_TIMED_DELAY));
    } else this.wake();
  }

  // Whether the earliest exact deadline is one the driver gave up hopping towards.
  #pollsAbandoned(): boolean {
    return this.#abandoned !== null && this.#deadlines?.deadline() === this.#abandoned;
  }
}
