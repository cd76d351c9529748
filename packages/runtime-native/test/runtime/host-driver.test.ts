import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOST_TICK_INTERVAL } from '../../src/constants.js';
import { HostDriver } from '../../src/runtime/host-driver.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function counting(nextDelay: () => number | null = () => null) {
  const state = { ticks: 0 };
  const driver = new HostDriver(() => {
    state.ticks += 1;
  }, nextDelay);
  return { state, driver };
}

describe('HostDriver', () => {
  it('ticks only while started, and wake schedules one immediate tick', () => {
    const { state, driver } = counting();
    driver.wake();
    vi.advanceTimersByTime(1_000);
    expect(state.ticks).toBe(0);
    driver.start();
    expect(driver.running).toBe(true);
    expect(state.ticks).toBe(0);
    vi.advanceTimersByTime(0);
    expect(state.ticks).toBe(1);
    driver.stop();
    driver.wake();
    vi.advanceTimersByTime(1_000);
    expect(state.ticks).toBe(1);
    expect(driver.running).toBe(false);
    expect(driver.error).toBeNull();
  });

  it('schedules nothing at all while idle, and a wake ticks without advancing time', () => {
    const { state, driver } = counting();
    driver.start();
    vi.advanceTimersByTime(0);
    expect(state.ticks).toBe(1);
    expect(driver.scheduled).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(state.ticks).toBe(1);
    const before = Date.now();
    driver.wake();
    vi.advanceTimersByTime(0);
    expect(Date.now()).toBe(before);
    expect(state.ticks).toBe(2);
    driver.stop();
  });

  it('coalesces wakes into one pending tick', () => {
    const { state, driver } = counting();
    driver.start();
    driver.wake();
    driver.wake();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(0);
    expect(state.ticks).toBe(1);
    driver.stop();
  });

  it('waits the delay the owner asks for, then sleeps again', () => {
    let remaining = 3;
    const { state, driver } = counting(() => (remaining-- > 0 ? 10 : null));
    driver.start();
    vi.advanceTimersByTime(0);
    expect(state.ticks).toBe(1);
    vi.advanceTimersByTime(9);
    expect(state.ticks).toBe(1);
    vi.advanceTimersByTime(1);
    expect(state.ticks).toBe(2);
    vi.advanceTimersByTime(20);
    expect(state.ticks).toBe(4);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(state.ticks).toBe(4);
    driver.stop();
  });

  it('a delay under a millisecond ticks on the next turn of the loop, not on a timer', async () => {
    // Real timers: a sub-millisecond timer would wait a whole millisecond or more.
    vi.useRealTimers();
    const delays: (number | null)[] = [0.4, null];
    const { state, driver } = counting(() => delays.shift() ?? null);
    const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timeouts();
    driver.start();
    await nextTurn();
    expect(state.ticks).toBe(1);
    expect(driver.scheduled).toBe(true);
    expect(timeouts()).toBe(before);
    await nextTurn();
    expect(state.ticks).toBe(2);
    expect(driver.scheduled).toBe(false);
    driver.stop();
  });

  it('a zero delay ticks again at once; a wake replaces a pending timed tick', () => {
    let zero = true;
    const { state, driver } = counting(() => {
      if (zero) {
        zero = false;
        return 0;
      }
      return 1_000;
    });
    driver.start();
    vi.advanceTimersByTime(0);
    expect(state.ticks).toBe(1);
    // The next turn of the (fake) event loop: the immediate, not a timed tick.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersToNextTimer();
    expect(state.ticks).toBe(2);
    driver.wake();
    vi.advanceTimersByTime(0);
    expect(state.ticks).toBe(3);
    expect(vi.getTimerCount()).toBe(1);
    driver.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a wake during a tick comes before the timed tick', () => {
    const ticks: string[] = [];
    let driver: HostDriver | null = null;
    driver = new HostDriver(
      () => {
        ticks.push('tick');
        if (ticks.length === 1) driver?.wake();
      },
      () => 5_000,
    );
    driver.start();
    vi.advanceTimersByTime(0);
    vi.advanceTimersToNextTimer();
    expect(ticks).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(1);
    driver.stop();
  });

  it('reports a throwing tick and keeps ticking, one poll interval later, never spinning', () => {
    const failure = new Error('tick failed');
    const reported: unknown[] = [];
    let calls = 0;
    const driver = new HostDriver(
      () => {
        calls += 1;
        if (calls <= 2) throw failure;
      },
      () => null,
      (error) => reported.push(error),
    );
    driver.start();
    vi.advanceTimersByTime(0);
    expect(calls).toBe(1);
    expect(driver.running).toBe(true);
    expect(driver.error).toBe(failure);
    expect(reported).toEqual([failure]);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(HOST_TICK_INTERVAL - 1);
    expect(calls).toBe(1);
    vi.advanceTimersByTime(1);
    expect(calls).toBe(2);
    expect(reported).toEqual([failure, failure]);
    vi.advanceTimersByTime(HOST_TICK_INTERVAL);
    expect(calls).toBe(3);
    // A healthy tick with nothing to do: the driver sleeps with no timer at all.
    expect(vi.getTimerCount()).toBe(0);
    driver.stop();
  });
});
