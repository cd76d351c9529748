import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { FrameThrottle } from '../../src/host/frame-throttle.js';

describe('FrameThrottle', () => {
  it('sends the first value at once and only the latest of a burst after the interval', async () => {
    const sent: number[] = [];
    const throttle = new FrameThrottle<number>(50, (value) => sent.push(value));
    throttle.offer(1);
    throttle.offer(2);
    throttle.offer(3);
    expect(sent).toEqual([1]);
    await delay(200);
    expect(sent).toEqual([1, 3]);
    throttle.offer(4);
    throttle.offer(5);
    throttle.close();
    await delay(100);
    expect(sent).toEqual([1, 3, 4]);
  });
});
