import { lstatSync, realpathSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { driveUntil } from '../../src/helpers/drive-until.js';
import { createFakeClock } from '../../src/helpers/fake-clock.js';
import { createFixtureRoot } from '../../src/helpers/fixture-root.js';
import { createLatch } from '../../src/helpers/latch.js';

describe('createLatch', () => {
  it('starts closed, releases once and wakes waiters', async () => {
    const latch = createLatch();
    expect(latch.isReleased()).toBe(false);
    const woken = latch.wait().then(() => 'woken');
    latch.release();
    latch.release();
    expect(latch.isReleased()).toBe(true);
    expect(await woken).toBe('woken');
    await expect(latch.wait()).resolves.toBeUndefined();
  });
});

describe('driveUntil', () => {
  it('ticks before every check until the predicate holds', async () => {
    let ticks = 0;
    await driveUntil(() => ticks >= 3, { tick: () => (ticks += 1), intervalMs: 1 });
    expect(ticks).toBe(3);
  });

  it('awaits async ticks and predicates', async () => {
    let ticks = 0;
    await driveUntil(async () => ticks === 2, {
      tick: async () => {
        ticks += 1;
      },
      intervalMs: 1,
    });
    expect(ticks).toBe(2);
  });

  it('throws the upstream message (or the given one) on timeout', async () => {
    await expect(driveUntil(() => false, { timeoutMs: 20, intervalMs: 5 })).rejects.toThrow(
      'controlled native provider E2E timeout',
    );
    await expect(driveUntil(() => false, { timeoutMs: 0, message: 'custom' })).rejects.toThrow(
      'custom',
    );
  });
});

describe('createFakeClock', () => {
  it('moves only forward and only when told', () => {
    const clock = createFakeClock(100);
    const now = clock.now;
    expect(now()).toBe(100);
    expect(clock.advance(25)).toBe(125);
    expect(now()).toBe(125);
    clock.set(200);
    expect(now()).toBe(200);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.set(199)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(createFakeClock().now()).toBe(0);
  });
});

describe('createFixtureRoot', () => {
  it('creates a fresh real directory under the temp dir', () => {
    const first = createFixtureRoot();
    const second = createFixtureRoot('custom-');
    try {
      expect(isAbsolute(first)).toBe(true);
      expect(first).toBe(realpathSync(first));
      expect(first.startsWith(realpathSync(tmpdir()))).toBe(true);
      expect(lstatSync(first).isDirectory()).toBe(true);
      expect(second).not.toBe(first);
      expect(second).toContain('custom-');
    } finally {
      rmdirSync(first);
      rmdirSync(second);
    }
  });
});
