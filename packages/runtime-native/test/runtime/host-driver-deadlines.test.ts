// Not upstream: the host driver ticks at an exact deadline (a stop grace ending) on the clock, not
// on a timer that Node fires up to a millisecond late; and it spins only for that last stretch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEADLINE_TIMER_LEAD,
  HOP_REAL_MAX,
  HOP_SLEEP_MAX,
  HOP_SPIN,
  HostDriver,
} from '../../src/runtime/host-driver.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * A driver whose first tick leaves one exact deadline `deadlineIn` ms ahead (then nothing), read
 * on a clock the test moves by hand, apart from the fake timers' own time.
 */
function withDeadline(deadlineIn: number, delay: (until: number) => number = (until) => until) {
  const state = { ticks: 0, clock: 0 };
  const deadline = (): number | null => (state.ticks === 1 ? deadlineIn : null);
  const driver = new HostDriver(
    () => {
      state.ticks += 1;
    },
    () => {
      const due = deadline();
      return due === null ? null : delay(due - state.clock);
    },
    () => {},
    { now: () => state.clock, deadline },
  );
  driver.start();
  vi.advanceTimersByTime(0);
  expect(state.ticks).toBe(1);
  return { state, driver };
}

describe('HostDriver exact deadlines', () => {
  it('ticks as soon as the clock reaches the deadline, even while the timers lag behind it', () => {
    const { state, driver } = withDeadline(20.5);
    vi.advanceTimersByTime(18);
    expect(state.ticks).toBe(1);
    // The clock runs ahead of the (late) timers: the deadline has come.
    state.clock = 20.5;
    vi.advanceTimersByTime(20.5 - DEADLINE_TIMER_LEAD - 18);
    expect(state.ticks).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
    driver.stop();
  });

  it('a timer that fires early never ticks before the deadline: it hops until the clock says so', () => {
    const { state, driver } = withDeadline(20.5);
    state.clock = 20.5 - DEADLINE_TIMER_LEAD;
    vi.advanceTimersByTime(20.5 - DEADLINE_TIMER_LEAD);
    expect(state.ticks).toBe(1);
    // Hopping, one loop turn at a time, reading the clock.
    for (let turn = 0; turn < 3; turn += 1) {
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersToNextTimer();
      expect(state.ticks).toBe(1);
    }
    state.clock = 20.5;
    vi.advanceTimersToNextTimer();
    expect(state.ticks).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
    driver.stop();
  });

  it('a deadline closer than the lead plus a millisecond is hopped to at once', () => {
    const { state, driver } = withDeadline(1.5);
    for (let turn = 0; turn < 3; turn += 1) {
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersToNextTimer();
      expect(state.ticks).toBe(1);
    }
    state.clock = 1.5;
    vi.advanceTimersToNextTimer();
    expect(state.ticks).toBe(2);
    driver.stop();
  });

  it('a hop sleeps in short slices, never past the deadline, and spins only its last stretch', () => {
    const sleeps = vi.spyOn(Atomics, 'wait').mockReturnValue('timed-out');
    const { state, driver } = withDeadline(20.5);
    state.clock = 20.5 - DEADLINE_TIMER_LEAD;
    vi.advanceTimersByTime(20.5 - DEADLINE_TIMER_LEAD);
    // A millisecond away: one slice of the longest sleep, then the loop turns.
    expect(sleeps).toHaveBeenCalledTimes(1);
    expect(sleeps.mock.calls[0]?.[3]).toBe(HOP_SLEEP_MAX);
    state.clock = 20.5 - HOP_SPIN - 0.05;
    vi.advanceTimersToNextTimer();
    // Just short of the spin stretch: a sleep that ends where the spin begins.
    expect(sleeps).toHaveBeenCalledTimes(2);
    expect(sleeps.mock.calls[1]?.[3]).toBeCloseTo(0.05, 9);
    state.clock = 20.5 - HOP_SPIN / 2;
    vi.advanceTimersToNextTimer();
    vi.advanceTimersToNextTimer();
    // Within the spin stretch: no sleep at all.
    expect(sleeps).toHaveBeenCalledTimes(2);
    expect(state.ticks).toBe(1);
    state.clock = 20.5;
    vi.advanceTimersToNextTimer();
    expect(state.ticks).toBe(2);
    expect(sleeps).toHaveBeenCalledTimes(2);
    driver.stop();
  });

  it('a wake during the hops ticks at once; a stop cancels them', () => {
    const { state, driver } = withDeadline(1.5);
    vi.advanceTimersToNextTimer();
    driver.wake();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersToNextTimer();
    expect(state.ticks).toBe(2);
    expect(vi.getTimerCount()).toBe(0);

    const again = withDeadline(1.5);
    again.driver.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(again.driver.scheduled).toBe(false);
  });

  it('a clock that throws while hopping does not escape the driver: the tick runs instead', () => {
    let broken = false;
    const state = { ticks: 0 };
    const driver = new HostDriver(
      () => {
        state.ticks += 1;
      },
      () => (state.ticks === 1 ? 1.5 : null),
      () => {},
      {
        now: () => {
          if (broken) throw new Error('clock failed');
          return 0;
        },
        deadline: () => (state.ticks === 1 ? 1.5 : null),
      },
    );
    driver.start();
    vi.advanceTimersByTime(0);
    expect(state.ticks).toBe(1);
    broken = true;
    expect(() => vi.advanceTimersToNextTimer()).not.toThrow();
    expect(state.ticks).toBe(2);
    driver.stop();
  });

  it('a sooner cadence, or a deadline already past, waits on a plain timer and never spins', () => {
    // The deadline is 50 ms away but the owner asks for a tick in 10: a plain 10 ms timer.
    const cadence = withDeadline(50, () => 10);
    vi.advanceTimersByTime(9.9);
    expect(cadence.state.ticks).toBe(1);
    vi.advanceTimersByTime(0.1);
    expect(cadence.state.ticks).toBe(2);
    cadence.driver.stop();

    // A deadline behind the clock that a tick could not act on: polled at the owner's delay.
    const past = withDeadline(-20, () => 10);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(9.9);
    expect(past.state.ticks).toBe(1);
    vi.advanceTimersByTime(0.1);
    expect(past.state.ticks).toBe(2);
    past.driver.stop();
  });

  it('gives up hopping towards a deadline its clock never reaches once HOP_REAL_MAX of real time has passed', () => {
    let real = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => real);
    const waits = vi.spyOn(Atomics, 'wait').mockReturnValue('timed-out');
    // A hand-moved clock that stops 1.5 ms short of a deadline the owner keeps asking for.
    const state = { ticks: 0, clock: 18.5 };
    const deadline = 20;
    const driver = new HostDriver(
      () => {
        state.ticks += 1;
      },
      () => deadline - state.clock,
      () => {},
      { now: () => state.clock, deadline: () => deadline },
    );
    driver.start();
    vi.advanceTimersByTime(0);
    expect(state.ticks).toBe(1);
    // Under a lead plus a millisecond away: hops at once, one loop turn at a time.
    vi.advanceTimersToNextTimer();
    vi.advanceTimersToNextTimer();
    expect(state.ticks).toBe(1);
    expect(waits).toHaveBeenCalled();
    real = HOP_REAL_MAX + 1;
    vi.advanceTimersToNextTimer(); // this hop gives up: a plain timer ticks next
    expect(state.ticks).toBe(1);
    vi.advanceTimersByTime(1);
    expect(state.ticks).toBe(2);
    // From then on that deadline is waited for on plain timers: no more hops, no more sleeps.
    const sleeps = waits.mock.calls.length;
    vi.advanceTimersByTime(5);
    expect(state.ticks).toBeGreaterThanOrEqual(5);
    expect(waits.mock.calls.length).toBe(sleeps);
    driver.stop();
  });

  it('hops to a deadline under a millisecond away too, and a clock stuck short of it gets plain timers, not a tick on every turn', () => {
    let real = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => real);
    vi.spyOn(Atomics, 'wait').mockReturnValue('timed-out');
    const state = { ticks: 0, clock: 19.5 };
    const driver = new HostDriver(
      () => {
        state.ticks += 1;
      },
      () => 20 - state.clock,
      () => {},
      { now: () => state.clock, deadline: () => 20 },
    );
    driver.start();
    vi.advanceTimersByTime(0);
    expect(state.ticks).toBe(1);
    for (let turn = 0; turn < 3; turn += 1) vi.advanceTimersToNextTimer();
    expect(state.ticks).toBe(1); // hopping, not ticking
    real = HOP_REAL_MAX + 1;
    vi.advanceTimersToNextTimer();
    vi.advanceTimersByTime(10);
    // One tick per plain timer (a millisecond at least), never one per loop turn.
    expect(state.ticks).toBeGreaterThanOrEqual(5);
    expect(state.ticks).toBeLessThanOrEqual(12);
    driver.stop();
  });
});
