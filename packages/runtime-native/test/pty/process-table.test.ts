import { describe, expect, it } from 'vitest';
import {
  descendantsOf,
  parseProcessTable,
  readProcessTable,
  sameProcess,
} from '../../src/pty/process-table.js';

const TABLE = [
  '    1     0     1 Ss   Sun Nov 29 15:37:11 2026 /sbin/init',
  '  100     1   100 Ss+  Sun Nov 29 15:37:12 2026 node /x/control-fixture.mjs',
  '  101   100   100 S+   Sun Nov 29 15:37:13 2026 sleep 60',
  '  102   101   102 S    Sun Nov 29 15:37:14 2026 sleep 61',
  'garbage line',
].join('\n');

describe('process table', () => {
  it('parses pid, parent, group, state, start time and the command line', () => {
    const table = parseProcessTable(TABLE);
    expect(table).toHaveLength(4);
    expect(table[1]).toEqual({
      pid: 100,
      ppid: 1,
      pgid: 100,
      stat: 'Ss+',
      started: 'Sun Nov 29 15:37:12 2026',
      args: 'node /x/control-fixture.mjs',
    });
  });

  it('collects descendants breadth first and compares identities', () => {
    const table = parseProcessTable(TABLE);
    expect(descendantsOf(table, 100).map((entry) => entry.pid)).toEqual([101, 102]);
    expect(descendantsOf(table, 102)).toEqual([]);
    expect(sameProcess(table[1]!, { ...table[1]! })).toBe(true);
    expect(sameProcess(table[1]!, { ...table[1]!, started: 'Sun Nov 29 15:37:13 2026' })).toBe(
      false,
    );
  });

  it('reads this process from the live table', async () => {
    const table = await readProcessTable();
    expect(table?.some((entry) => entry.pid === process.pid)).toBe(true);
  });
});
