import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { spawnFixture } from '../../src/fixtures/spawn-fixture.js';
import {
  type FixtureHook,
  type FixtureTestContext,
  useFixtureTracking,
} from '../../src/process/fixture-tracking.js';
import { isProcessAlive } from '../../src/process/process-probe.js';
import {
  describeLeaks,
  reapAll,
  setFixtureOwner,
  trackedProcesses,
  trackProcess,
} from '../../src/process/process-tracker.js';

describe('process tracker', () => {
  it('records every fixture it starts and forgets the ones that exited', async () => {
    const running = spawnFixture('long-running', { stdio: 'ignore' });
    const done = spawnFixture('exit-success', { stdio: 'ignore' });
    await done.waitForExit();
    expect(trackedProcesses().map((entry) => [entry.pid, entry.fixture])).toEqual([
      [running.pid, 'long-running'],
    ]);
    running.kill();
    await running.waitForExit();
    expect(trackedProcesses()).toEqual([]);
  });

  it('reapAll kills and awaits whatever is alive, its group included, and reports it', async () => {
    const first = spawnFixture('ignores-sigterm');
    const second = spawnFixture('long-running', { stdio: 'ignore' });
    await first.waitForStdout('fixture-ignoring-sigterm\n');
    const reaped = await reapAll();
    expect(reaped.map((entry) => entry.pid).sort()).toEqual([first.pid, second.pid].sort());
    expect(first.tryWait()?.signal).toBe('SIGKILL');
    expect(second.tryWait()?.signal).toBe('SIGKILL');
    expect(await reapAll()).toEqual([]);
  });

  it('reaps a process it did not start itself once told about it', async () => {
    const child = spawnFixture('spawns-grandchild');
    await child.waitForClose();
    const [grandchild] = child.descendantPids();
    const reaped = await reapAll();
    expect(reaped).toMatchObject([{ pid: grandchild, fixture: 'spawns-grandchild descendant' }]);
    expect(isProcessAlive(grandchild!)).toBe(false);
  });

  it('tracks and reaps any process it is given, a PTY child say, not only fixtures', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
    });
    await once(child, 'spawn');
    trackProcess(child.pid!, 'plain node');
    expect(trackedProcesses()).toMatchObject([{ pid: child.pid, fixture: 'plain node' }]);
    expect(trackedProcesses()[0]?.startTime).toEqual(expect.any(Number));
    const [exit] = await Promise.all([once(child, 'exit'), reapAll()]);
    expect(exit).toEqual([null, 'SIGKILL']);
  });

  it('never signals a recorded pid whose start time changed (a reused pid)', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
    });
    await once(child, 'spawn');
    trackProcess(child.pid!, 'to be recycled');
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(trackedProcesses()).toEqual([]);
    expect(await reapAll()).toEqual([]);
  });

  it('refuses its own pid and pids no test can own, changing nothing', () => {
    expect(() => trackProcess(process.pid, 'self')).toThrow(/this test process itself/);
    expect(() => trackProcess(1, 'init')).toThrow(/not a process a test can own/);
    expect(() => trackProcess(-4, 'group')).toThrow(/not a process a test can own/);
    expect(trackedProcesses()).toEqual([]);
  });

  it('names pid, fixture and owner when describing leaks', () => {
    expect(
      describeLeaks([
        { pid: 12, startTime: 5, fixture: 'long-running', group: true, owner: 'a test' },
        { pid: 13, startTime: null, fixture: 'x descendant', group: false, owner: null },
      ]),
    ).toBe('pid 12 (long-running, started by "a test"), pid 13 (x descendant)');
  });

  it('fails the test that leaked, naming pid and fixture, after reaping it', async () => {
    const hooks: ((context: FixtureTestContext) => Promise<void> | void)[] = [];
    const register: FixtureHook = (fn) => {
      hooks.push(fn);
    };
    useFixtureTracking({ beforeEach: register, afterEach: register });
    const [runBefore, runAfter] = hooks;
    await runBefore?.({ task: { name: 'leaky test' } });
    const leaked = spawnFixture('long-running', { stdio: 'ignore' });
    await expect(runAfter?.({ task: { name: 'leaky test' } })).rejects.toThrow(
      `test "leaky test" leaked fixture processes: pid ${leaked.pid} (long-running, started by "leaky test")`,
    );
    expect(leaked.tryWait()?.signal).toBe('SIGKILL');
    await expect(
      Promise.resolve(runAfter?.({ task: { name: 'clean test' } })),
    ).resolves.toBeUndefined();
    setFixtureOwner(null);
  });
});
