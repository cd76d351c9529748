import { describe, expect, it } from 'vitest';
import { readProcessCommandLine, readProcessEnvironment } from '../src/read-process-details.js';
import { readProcess, readProcessTable } from '../src/read-process-table.js';

describe('readProcessTable', () => {
  it('lists this process with its parent, group, session and start time', () => {
    const table = readProcessTable();
    expect(table.kind).toBe('table');
    if (table.kind !== 'table') return;
    const self = table.entries.find((entry) => entry.pid === process.pid);
    expect(self?.ppid).toBe(process.ppid);
    expect(self?.state).not.toBe('Z');
    expect(self?.startTime).toBeGreaterThan(0);
    expect(table.entries.some((entry) => entry.pid === process.ppid)).toBe(true);
  });
});

describe('readProcess', () => {
  it('reads one process by pid, with the same start time every time', () => {
    const first = readProcess(process.pid);
    const second = readProcess(process.pid);
    expect(first.kind).toBe('process');
    expect(first).toEqual(second);
  });

  it('answers gone for a pid that no process has, and for pids that cannot be one', () => {
    expect(readProcess(2 ** 30)).toEqual({ kind: 'gone' });
    expect(readProcess(0)).toEqual({ kind: 'gone' });
    expect(readProcess(-5)).toEqual({ kind: 'gone' });
    expect(readProcess(1.5)).toEqual({ kind: 'gone' });
  });

  it('reads the command line and the start environment', () => {
    expect(readProcessCommandLine(process.pid)?.join(' ')).toContain('node');
    expect(readProcessCommandLine(process.pid)?.length).toBeGreaterThan(0);
    const environment = readProcessEnvironment(process.pid);
    expect(environment?.some((entry) => entry.startsWith('PATH='))).toBe(true);
    expect(readProcessCommandLine(2 ** 30)).toBeNull();
  });
});
