import { describe, expect, it } from 'vitest';
import { benchmarksMarkdown } from '../src/benchmarks-markdown.js';
import type { MachineInfo } from '../src/machine.js';

function header(loadAverage: readonly [number, number, number]): string {
  const machine: MachineInfo = {
    cpuModel: 'Test CPU',
    cores: 2,
    memoryGiB: 8,
    loadAverage,
    node: 'v20.20.2',
    platform: 'linux x64',
    date: '2026-12-02T00:00:00.000Z',
    commit: 'abc1234',
    natsServer: null,
  };
  const text = benchmarksMarkdown({ machine, size: 'full', runs: 3, results: [], totalSeconds: 1 });
  return text.split('\n').find((line) => line.startsWith('> These figures')) ?? '';
}

describe('BENCHMARKS.md header', () => {
  it('calls a small machine loaded only when its load average says so', () => {
    expect(header([0.5, 1.4, 3.2])).toContain('a shared 2-core machine (load average 0.50');
    expect(header([5.06, 7.98, 13.06])).toContain('a shared, loaded 2-core machine');
  });
});
