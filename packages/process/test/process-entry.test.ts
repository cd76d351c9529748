import { describe, expect, it } from 'vitest';
import { isDeadState, parseProcStat, sameProcess } from '../src/process-entry.js';

const STAT =
  '4242 (we ird) (name) S 4200 4242 4100 34816 4242 4194560 100 0 0 0 1 2 0 0 20 0 1 0 987654 1000 200 18446744073709551615';

describe('parseProcStat', () => {
  it('counts fields from the last parenthesis, so a command name with spaces and parentheses parses', () => {
    expect(parseProcStat(STAT)).toEqual({
      pid: 4242,
      startTime: 987654,
      ppid: 4200,
      pgid: 4242,
      sid: 4100,
      tpgid: 4242,
      state: 'S',
      comm: 'we ird) (name',
    });
  });

  it('rejects text that is not a stat line', () => {
    expect(parseProcStat('')).toBeNull();
    expect(parseProcStat('12 (short) S 1 2')).toBeNull();
    expect(parseProcStat('x (y) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20')).toBeNull();
  });
});

describe('identities', () => {
  it('tells a recycled pid from the process it once named', () => {
    expect(sameProcess({ pid: 7, startTime: 10 }, { pid: 7, startTime: 10 })).toBe(true);
    expect(sameProcess({ pid: 7, startTime: 10 }, { pid: 7, startTime: 11 })).toBe(false);
    expect(isDeadState('Z')).toBe(true);
    expect(isDeadState('S')).toBe(false);
  });
});
