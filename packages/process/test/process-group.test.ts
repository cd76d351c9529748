import { describe, expect, it } from 'vitest';
import { processGroupGone, signalProcessGroup } from '../src/process-group.js';
import { isProcessAlive } from '../src/process-liveness.js';
import { readProcess } from '../src/read-process-table.js';
import { signalProcess } from '../src/signal-process.js';
import { startNode, waitFor } from './support.js';

describe('processGroupGone', () => {
  it('is false while a group member runs and true once the group is empty', async () => {
    const { child, pid } = await startNode('console.log("up"); setInterval(() => {}, 1000)');
    expect(processGroupGone(pid)).toBe(false);
    expect(signalProcessGroup(pid, 'SIGKILL')).toBe('signalled');
    await waitFor(() => child.exitCode !== null || child.signalCode !== null, 'the exit');
    expect(processGroupGone(pid)).toBe(true);
    expect(signalProcessGroup(pid, 'SIGKILL')).toBe('gone');
  });

  it('treats ids that cannot be a group as gone and refuses to signal them', () => {
    expect(processGroupGone(0)).toBe(true);
    expect(processGroupGone(1)).toBe(true);
    expect(signalProcessGroup(0, 'SIGKILL')).toBe('failed');
    expect(signalProcessGroup(-3, 'SIGKILL')).toBe('failed');
  });
});

describe('signalProcess', () => {
  it('never signals a pid whose start time no longer matches', async () => {
    const { pid } = await startNode('console.log("up"); setInterval(() => {}, 1000)');
    const read = readProcess(pid);
    if (read.kind !== 'process') throw new Error('child not visible');
    const stale = { pid, startTime: read.entry.startTime - 1 };
    expect(signalProcess(stale, 'SIGKILL')).toBe('gone');
    expect(isProcessAlive(pid)).toBe(true);
    expect(isProcessAlive(stale)).toBe(false);
    expect(signalProcess({ pid, startTime: read.entry.startTime }, 'SIGKILL')).toBe('signalled');
    await waitFor(() => !isProcessAlive(pid), 'the child to die');
  });
});
