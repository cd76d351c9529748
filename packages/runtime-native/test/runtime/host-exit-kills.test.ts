// A host that exits (signal, uncaught exception, process.exit) without dispose() takes every
// provider operation and PTY session it started with it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { isProcessAlive, processGroupGone } from '@gate4agent/process';
import { driveUntil, trackProcess, useFixtureTracking } from '@gate4agent/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostExitKillCount, registerHostExitKill } from '../../src/runtime/host-exit-kills.js';

useFixtureTracking({ beforeEach, afterEach });

const HOST = fileURLToPath(new URL('./fixtures/exit-host.mjs', import.meta.url));

async function runHost(mode: string, option = '') {
  const host = spawn(process.execPath, [HOST, mode, option], { stdio: ['ignore', 'pipe', 'pipe'] });
  trackProcess(host.pid!, 'exit host', { child: host });
  let stdout = '';
  let stderr = '';
  host.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  for await (const chunk of host.stdout! as AsyncIterable<Buffer>) {
    stdout += chunk.toString('utf8');
    if (stdout.includes('\n')) break;
  }
  const ready = /^ready (\d+) (\d+) (\d+)/.exec(stdout);
  if (ready === null) throw new Error(`the host did not get ready: ${stdout} ${stderr}`);
  const pids = ready.slice(1).map(Number);
  for (const pid of pids) trackProcess(pid, `host child (${mode})`, { group: true });
  return { host, pids, stderr: () => stderr };
}

describe('kill on host exit', () => {
  for (const [mode, signal] of [
    ['wait', 'SIGTERM'],
    ['wait', 'SIGINT'],
    ['wait', 'SIGHUP'],
    ['uncaught', null],
    ['exit', null],
  ] as const) {
    it(`leaves no descendant alive when the host ends by ${signal ?? mode}`, async () => {
      const { host, pids, stderr } = await runHost(mode);
      for (const pid of pids) expect(isProcessAlive(pid)).toBe(true);
      const exited = once(host, 'exit');
      if (signal !== null) host.kill(signal);
      const [code, killedBy] = await exited;
      if (signal !== null) expect(killedBy).toBe(signal);
      if (mode === 'uncaught') expect(stderr()).toContain('the host failed');
      if (mode === 'exit') expect(code).toBe(3);
      await driveUntil(() => pids.every((pid) => !isProcessAlive(pid) && processGroupGone(pid)), {
        timeoutMs: 15_000,
        message: `host children still alive: ${pids.join(' ')}`,
      });
      for (const pid of pids) expect(isProcessAlive(pid)).toBe(false);
    }, 60_000);
  }
});

describe('killOnHostExit: false', () => {
  it('leaves the provider operations to the app when the host ends', async () => {
    const { host, pids } = await runHost('wait', 'no-kill');
    const exited = once(host, 'exit');
    host.kill('SIGTERM');
    await exited;
    const [ptyChild, ...operations] = pids;
    // Their children ignore SIGTERM and nobody SIGKILLed them: they outlive the host.
    for (const pid of operations) expect(isProcessAlive(pid)).toBe(true);
    for (const pid of operations) process.kill(-pid, 'SIGKILL');
    await driveUntil(() => operations.every((pid) => processGroupGone(pid)), {
      timeoutMs: 15_000,
    });
    // The PTY child is not an operation: the terminal's hangup, when the host's end of the PTY
    // closed, ends it. That takes a moment on a loaded machine, so wait for it rather than race
    // the leak check.
    await driveUntil(() => ptyChild === undefined || processGroupGone(ptyChild), {
      timeoutMs: 15_000,
      message: `the PTY child ${ptyChild} outlived the terminal's hangup`,
    });
  }, 60_000);
});

describe('registerHostExitKill', () => {
  it('registers and unregisters idempotently', () => {
    const before = hostExitKillCount();
    const unregister = registerHostExitKill(() => {});
    expect(hostExitKillCount()).toBe(before + 1);
    unregister();
    unregister();
    expect(hostExitKillCount()).toBe(before);
  });
});
