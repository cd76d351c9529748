import { describe, expect, it } from 'vitest';
import { HostDriver } from '../../src/runtime/host-driver.js';
import { sleep } from './support/fixtures.js';

describe('HostDriver', () => {
  it('ticks only while started, and wake schedules a tick', async () => {
    let ticks = 0;
    const driver = new HostDriver(
      () => {
        ticks += 1;
      },
      () => false,
      1_000,
    );
    driver.wake();
    await sleep(20);
    expect(ticks).toBe(0);
    driver.start();
    expect(driver.running).toBe(true);
    const deadline = performance.now() + 5_000;
    while (ticks === 0 && performance.now() < deadline) await sleep(5);
    expect(ticks).toBeGreaterThanOrEqual(1);
    const beforeWake = ticks;
    driver.wake();
    while (ticks === beforeWake && performance.now() < deadline) await sleep(5);
    expect(ticks).toBeGreaterThan(beforeWake);
    driver.stop();
    const stopped = ticks;
    driver.wake();
    await sleep(30);
    expect(ticks).toBe(stopped);
    expect(driver.running).toBe(false);
    expect(driver.error).toBeNull();
  });

  it('keeps ticking while busy', async () => {
    let ticks = 0;
    const driver = new HostDriver(
      () => {
        ticks += 1;
      },
      () => ticks < 3,
      1_000,
    );
    driver.start();
    const deadline = performance.now() + 5_000;
    while (ticks < 3 && performance.now() < deadline) await sleep(5);
    driver.stop();
    expect(ticks).toBeGreaterThanOrEqual(3);
  });

  it('stops and keeps the error when a tick throws', async () => {
    const failure = new Error('tick failed');
    const driver = new HostDriver(
      () => {
        throw failure;
      },
      () => true,
      1_000,
    );
    driver.start();
    await sleep(20);
    expect(driver.running).toBe(false);
    expect(driver.error).toBe(failure);
  });
});
