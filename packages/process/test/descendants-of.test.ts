import { describe, expect, it } from 'vitest';
import { descendantsOf } from '../src/descendants-of.js';

const TABLE = [
  { pid: 1, ppid: 0 },
  { pid: 100, ppid: 1 },
  { pid: 101, ppid: 100 },
  { pid: 103, ppid: 100 },
  { pid: 102, ppid: 101 },
];

describe('descendantsOf', () => {
  it('collects descendants breadth first, without the root', () => {
    expect(descendantsOf(TABLE, 100).map((entry) => entry.pid)).toEqual([101, 103, 102]);
    expect(descendantsOf(TABLE, 102)).toEqual([]);
    expect(descendantsOf(TABLE, 999)).toEqual([]);
  });
});
