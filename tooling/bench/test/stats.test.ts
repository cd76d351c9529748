import { describe, expect, it } from 'vitest';
import { median, percentile, summarize } from '../src/stats.js';

describe('stats', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
  });

  it('summarises runs as median, min and max', () => {
    expect(summarize([5, 1, 9])).toEqual({ median: 5, min: 1, max: 9, runs: 3 });
  });

  it('refuses to summarise nothing, saying why', () => {
    expect(() => median([])).toThrow(/reported nothing/);
    expect(() => percentile([], 99)).toThrow(/no samples/);
  });
});
