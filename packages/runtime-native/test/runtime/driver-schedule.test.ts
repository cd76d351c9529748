import { describe, expect, it } from 'vitest';
import { HOST_TICK_INTERVAL } from '../../src/constants.js';
import { DriverSchedule } from '../../src/runtime/driver-schedule.js';

function schedule(
  options: { pending?: boolean; open?: number; providerDelay?: number | null } = {},
) {
  const state = {
    now: 1_000,
    pending: options.pending ?? false,
    open: options.open ?? 0,
    providerDelay: options.providerDelay ?? null,
  };
  const driver = new DriverSchedule({
    now: () => state.now,
    pendingInput: () => state.pending,
    openToolRequests: () => state.open,
    providerDelay: () => state.providerDelay,
  });
  return { state, driver };
}

describe('DriverSchedule', () => {
  it('steps the kernel first, then only when input waits', () => {
    const { state, driver } = schedule();
    expect(driver.kernelDue()).toBe(true);
    driver.kernelStepped();
    expect(driver.kernelDue()).toBe(false);
    state.now += 60_000;
    expect(driver.kernelDue()).toBe(false);
    state.pending = true;
    expect(driver.kernelDue()).toBe(true);
    expect(driver.nextDelay()).toBe(0);
  });

  it('executor activity and provider deadlines alone never make the kernel due', () => {
    const { state, driver } = schedule({ providerDelay: 0 });
    driver.kernelStepped();
    expect(driver.kernelDue()).toBe(false);
    expect(driver.nextDelay()).toBe(0);
    state.providerDelay = 25;
    expect(driver.nextDelay()).toBe(25);
  });

  it('with a tool request open, the kernel clock is due an interval after its last step', () => {
    const { state, driver } = schedule({ open: 1 });
    driver.kernelStepped();
    expect(driver.kernelDue()).toBe(false);
    expect(driver.nextDelay()).toBe(HOST_TICK_INTERVAL);
    state.now += HOST_TICK_INTERVAL - 4;
    expect(driver.kernelDue()).toBe(false);
    expect(driver.nextDelay()).toBe(4);
    state.now += 3.5;
    // Under a timer's resolution away the clock is due: no passes spin until it is.
    expect(driver.kernelDue()).toBe(true);
    expect(driver.nextDelay()).toBe(0);
    state.now += 0.5;
    expect(driver.kernelDue()).toBe(true);
    expect(driver.nextDelay()).toBe(0);
    driver.kernelStepped();
    expect(driver.kernelDue()).toBe(false);
  });

  it('waits for whichever comes first, the tool clock or a provider deadline', () => {
    const { state, driver } = schedule({ open: 1, providerDelay: 3 });
    driver.kernelStepped();
    expect(driver.nextDelay()).toBe(3);
    state.providerDelay = 50;
    expect(driver.nextDelay()).toBe(HOST_TICK_INTERVAL);
    state.open = 0;
    expect(driver.nextDelay()).toBe(50);
    state.providerDelay = null;
    expect(driver.nextDelay()).toBeNull();
  });
});
