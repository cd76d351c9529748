import {
  fixtureScriptPath,
  interactiveAgentSpec,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import type { AgentSpec } from '@gate4agent/types';
import { AgentId } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ptyChildEnvironment } from '../../src/pty/child-environment.js';
import { ptyExitCode } from '../../src/pty/pty-exit.js';
import { PtySession } from '../../src/pty/pty-session.js';
import { waitForReadiness } from '../../src/pty/wait-for-readiness.js';
import { sleep } from '../runtime/support/fixtures.js';

useFixtureTracking({ beforeEach, afterEach });

const sessions: PtySession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.shutdown();
});

function spawn(program: string, args: string[], env = ptyChildEnvironment([])): PtySession {
  const session = PtySession.spawn({
    agentId: AgentId.of('control-fixture'),
    program,
    args,
    cwd: process.cwd(),
    env,
    rows: 10,
    columns: 60,
    generation: 1,
    providerRevision: 'fixture-r1',
  });
  if (!session.ok) throw new Error(session.error.message);
  sessions.push(session.value);
  trackProcess(session.value.pid, 'pty-session test', { group: true });
  return session.value;
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = performance.now() + 15_000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('condition timeout');
    await sleep(10);
  }
}

describe('PtySession', () => {
  it('maps a death by signal to exit code 1 and keeps a normal code', () => {
    expect(ptyExitCode({ exitCode: 7, signal: null })).toBe(7);
    expect(ptyExitCode({ exitCode: 0, signal: 0 })).toBe(0);
    expect(ptyExitCode({ exitCode: 0, signal: 9 })).toBe(1);
  });

  it('builds the child environment from the allowlist, TERM and the plan only', () => {
    const env = ptyChildEnvironment(
      [
        { key: 'AGENT_FLAG', value: '1' },
        { key: 'HOME', value: null },
      ],
      { PATH: '/bin', HOME: '/home/x', SECRET_TOKEN: 'hunter2', LC_ALL: 'C' },
    );
    expect(env).toEqual({ PATH: '/bin', LC_ALL: 'C', TERM: 'xterm-256color', AGENT_FLAG: '1' });
  });

  it('refuses a working directory that does not exist without spawning', () => {
    const spawned = PtySession.spawn({
      agentId: AgentId.of('control-fixture'),
      program: process.execPath,
      args: [],
      cwd: '/definitely/not/here',
      env: {},
      rows: 10,
      columns: 60,
      generation: 1,
      providerRevision: 'r',
    });
    expect(!spawned.ok && spawned.error).toEqual({
      kind: 'cwd-missing',
      cwd: '/definitely/not/here',
      message:
        "working directory '/definitely/not/here' does not exist; create it or pass an existing directory as the working directory",
    });
  });

  it('no host secret reaches the child by default', async () => {
    process.env.GATE4AGENT_TEST_SECRET = 'must-not-leak';
    try {
      const session = spawn(process.execPath, [
        '-e',
        "process.stdout.write('secret=' + (process.env.GATE4AGENT_TEST_SECRET ?? 'absent') + ' term=' + process.env.TERM)",
      ]);
      await until(() => session.readerFinished());
      expect(session.terminalState().contents).toContain('secret=absent term=xterm-256color');
    } finally {
      delete process.env.GATE4AGENT_TEST_SECRET;
    }
  });

  it('shutdown stops a live tree, reports the signal exit and is idempotent', async () => {
    const session = spawn('sh', ['-c', "printf 'up>'; sleep 60"]);
    await until(() => session.terminalState().contents.includes('up>'));
    const first = await session.shutdown();
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.value.exitCode).toBe(1);
    expect(first.value.termination).not.toBeNull();
    expect(first.value.termination!.members).toContain(session.pid);
    // The tree ends on SIGTERM: a clean stop, nothing SIGKILLed.
    expect(first.value.termination!.forced).toBe(false);
    expect(first.value.termination!.killed).toEqual([]);
    expect(first.value.terminal.contents).toContain('up>');
    expect(await session.shutdown()).toBe(first);
    expect(session.write(new TextEncoder().encode('x')).ok).toBe(false);
  });

  it('releases the screen once shut down and keeps answering with the final frame', async () => {
    const session = spawn('sh', ['-c', "printf 'last>'; sleep 60"]);
    await until(() => session.terminalState().contents.includes('last>'));
    expect(session.screen.disposed).toBe(false);
    const outcome = await session.shutdown();
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(session.screen.disposed).toBe(true);
    expect(session.terminalState()).toBe(outcome.value.terminal);
    expect(session.terminalState().contents).toContain('last>');
    expect(session.screen.contents()).toContain('last>');
  });

  it('dispose kills the tree and releases the screen, keeping the last applied frame', async () => {
    const session = spawn('sh', ['-c', "printf 'gone>'; sleep 60"]);
    await until(() => session.terminalState().contents.includes('gone>'));
    session.dispose();
    expect(session.screen.disposed).toBe(true);
    expect(session.terminalState().contents).toContain('gone>');
    // Idempotent, and the later shutdown proves the reap with the same final screen.
    session.dispose();
    const outcome = await session.shutdown();
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.value.terminal.contents).toContain('gone>');
  });

  it('readiness times out when the agent never owns the foreground', async () => {
    const session = spawn(process.execPath, [fixtureScriptPath('control-fixture')]);
    const spec: AgentSpec = structuredClone(interactiveAgentSpec());
    spec.detection = { ...spec.detection, command: 'not-the-agent' };
    spec.readiness = {
      ...spec.readiness,
      timeoutMs: 300,
      pollIntervalMs: 50,
      wrapperChildFallbackAfterPolls: null,
    };
    await until(() => session.terminalState().contents.includes('fixture-ready>'));
    const ready = await waitForReadiness(session, spec, 'draft-paste');
    expect(!ready.ok && ready.error.kind).toBe('timed-out');
    const message = ready.ok ? '' : ready.error.message;
    expect(message).toMatch(
      /^PTY readiness timed out: agent 'control-fixture' showed no ready signal within 300 ms/,
    );
    // The failure carries the screen the agent was showing.
    expect(message).toContain('last screen:\n');
    expect(message).toContain(session.terminalState().contents.trim().split('\n').at(-1)!.trim());
  });

  it('readiness holds a draft paste until the draft signal is on screen', async () => {
    const session = spawn('sh', [
      '-c',
      "printf 'busy'; sleep 0.3; printf '\\033[?2004h\\033[?25hready>'; sleep 60",
    ]);
    const spec: AgentSpec = structuredClone(interactiveAgentSpec());
    spec.detection = { ...spec.detection, command: 'sh' };
    const ready = await waitForReadiness(session, spec, 'draft-paste');
    expect(ready.ok).toBe(true);
    expect(session.screen.bracketedPaste).toBe(true);
  });
});
