import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  orphanedGroupMembers,
  processGroupGone,
  signalProcessGroup,
} from '../src/process-group.js';
import { isProcessAlive } from '../src/process-liveness.js';
import { readProcess } from '../src/read-process-table.js';
import { signalProcess } from '../src/signal-process.js';
import { startNode, trackPid, waitFor } from './support.js';

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

describe('orphanedGroupMembers', () => {
  // The leader starts a child in its own group, prints the child's pid and exits.
  const LEAVES_A_CHILD = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
child.unref();
console.log(String(child.pid));
`;

  it('lists what is left of a group after its leader was reaped, by identity', async () => {
    const { child, pid, firstLine } = await startNode(LEAVES_A_CHILD);
    const left = Number(firstLine);
    trackPid(left);
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    const read = orphanedGroupMembers(pid);
    if (read.kind !== 'members') throw new Error(read.message);
    const entry = readProcess(left);
    if (entry.kind !== 'process') throw new Error('the leftover is not visible');
    expect(read.members).toEqual([{ pid: left, startTime: entry.entry.startTime }]);
    for (const member of read.members) expect(signalProcess(member, 'SIGKILL')).toBe('signalled');
    await waitFor(() => {
      const again = orphanedGroupMembers(pid);
      return again.kind === 'members' && again.members.length === 0;
    }, 'the group to empty');
    expect(processGroupGone(pid)).toBe(true);
  });

  it('answers no members while a process holds the group id as its pid (a reused id)', async () => {
    // A live process whose pid is the group id is what a recycled id looks like: the group that
    // id named before has ended, so its members must not be looked for under it.
    const { pid } = await startNode('console.log("up"); setInterval(() => {}, 1000)');
    expect(processGroupGone(pid)).toBe(false);
    expect(orphanedGroupMembers(pid)).toEqual({ kind: 'members', members: [] });
    expect(isProcessAlive(pid)).toBe(true);
  });

  it('answers no members for ids that cannot be a group', () => {
    expect(orphanedGroupMembers(0)).toEqual({ kind: 'members', members: [] });
    expect(orphanedGroupMembers(1)).toEqual({ kind: 'members', members: [] });
    expect(orphanedGroupMembers(-5)).toEqual({ kind: 'members', members: [] });
  });
});
