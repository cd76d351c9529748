import { describe, expect, it } from 'vitest';
import { AsyncMutex } from '../../src/index.js';

describe('AsyncMutex', () => {
  it('hands the lock to waiters in FIFO order and ignores a second release', async () => {
    const mutex = new AsyncMutex();
    const order: string[] = [];
    const release = await mutex.acquire('holder');
    const waiters = ['a', 'b', 'c'].map((label) =>
      mutex.acquire(label).then((next) => {
        order.push(label);
        next();
      }),
    );
    expect(mutex.waiters).toEqual(['a', 'b', 'c']);
    expect(mutex.tryAcquire()).toBeNull();
    release();
    release();
    await Promise.all(waiters);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(mutex.isLocked).toBe(false);
  });
});
