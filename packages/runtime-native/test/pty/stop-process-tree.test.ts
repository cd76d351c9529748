// Stopping a PTY session's kill domain (ARCHITECTURE decision 10) against the testkit's escaper
// fixtures: whatever the agent started, by setsid, by a double fork or inside its group ignoring
// SIGHUP and SIGTERM, ends with a stop and with the agent's own natural exit.

import { KILL_DOMAIN_ENV, processHasEnvironmentEntry } from '@gate4agent/process';
import {
  DESCENDANT_PID_MARKER,
  driveUntil,
  type FixtureProgram,
  fixtureLaunch,
  isProcessAlive,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import { AgentId } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ptyChildEnvironment } from '../../src/pty/child-environment.js';
import { PtySession } from '../../src/pty/pty-session.js';

useFixtureTracking({ beforeEach, afterEach });

const sessions: PtySession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.shutdown({ graceMs: 0 });
});

/** A short grace: the escapees that ignore SIGTERM must still be gone soon after. */
const GRACE_MS = 300;

type Escaper = Extract<FixtureProgram, `${string}-escaper`>;

/** Starts `program` in a PTY and returns the session and the escapee it reported. */
async function startEscaper(program: Escaper): Promise<{ session: PtySession; escapee: number }> {
  const launch = fixtureLaunch(program);
  const spawned = PtySession.spawn({
    agentId: AgentId.of('control-fixture'),
    program: launch.program,
    args: launch.fixedArgs,
    cwd: process.cwd(),
    env: ptyChildEnvironment([]),
    rows: 10,
    columns: 80,
    generation: 1,
    providerRevision: 'fixture-r1',
  });
  if (!spawned.ok) throw new Error(spawned.error.message);
  const session = spawned.value;
  sessions.push(session);
  trackProcess(session.pid, program, { group: true });
  await driveUntil(() => session.terminalState().contents.includes('escaper-ready>'), {
    message: `${program} never printed escaper-ready>`,
  });
  const match = new RegExp(`${DESCENDANT_PID_MARKER}(\\d+)`).exec(session.terminalState().contents);
  const escapee = Number(match?.[1]);
  expect(escapee).toBeGreaterThan(0);
  trackProcess(escapee, `${program} escapee`);
  expect(isProcessAlive(escapee)).toBe(true);
  return { session, escapee };
}

const linux = process.platform === 'linux';

describe('stopping a PTY session ends its whole kill domain', () => {
  it('marks every process of the domain, and only those', async () => {
    const { session, escapee } = await startEscaper('double-fork-escaper');
    if (linux) {
      const members = session.killDomain.members().map((member) => member.pid);
      expect(members).toEqual(expect.arrayContaining([session.pid, escapee]));
      expect(members).not.toContain(process.pid);
      // The orphaned escapee is found by the inherited marker alone.
      const token = session.killDomain.token;
      expect(processHasEnvironmentEntry(escapee, KILL_DOMAIN_ENV, token)).toBe(true);
      expect(processHasEnvironmentEntry(process.pid, KILL_DOMAIN_ENV, token)).toBe(false);
    }
  });

  for (const program of ['setsid-escaper', 'double-fork-escaper'] as const) {
    it(`${program}: stop ends the escapee with SIGTERM, a clean stop`, async () => {
      const { session, escapee } = await startEscaper(program);
      const stopped = await session.shutdown({ graceMs: 10_000 });
      expect(stopped.ok && stopped.value.termination).toMatchObject({
        rootPid: session.pid,
        forced: false,
        killed: [],
        survivors: [],
      });
      if (!stopped.ok) return;
      if (linux) expect(stopped.value.termination?.terminated).toContain(escapee);
      expect(isProcessAlive(escapee)).toBe(false);
    });
  }

  it('nohup-escaper: stop SIGKILLs the escapee that ignores SIGTERM after the grace', async () => {
    const { session, escapee } = await startEscaper('nohup-escaper');
    const stopped = await session.shutdown({ graceMs: GRACE_MS });
    expect(stopped.ok).toBe(true);
    if (!stopped.ok) return;
    const termination = stopped.value.termination;
    expect(termination).toMatchObject({ forced: true, survivors: [] });
    // The agent went on SIGTERM; the escapee ignored it and needed SIGKILL.
    expect(termination?.terminated).toContain(session.pid);
    expect(termination?.terminated).not.toContain(escapee);
    expect(termination?.killed).toContain(escapee);
    expect(termination?.killed).not.toContain(session.pid);
    expect(isProcessAlive(escapee)).toBe(false);
  });

  for (const program of ['setsid-escaper', 'double-fork-escaper', 'nohup-escaper'] as const) {
    it(`${program}: the agent's natural exit ends the escapee`, async () => {
      const { session, escapee } = await startEscaper(program);
      expect(session.write(new TextEncoder().encode('bye\r')).ok).toBe(true);
      await driveUntil(() => session.readerFinished(), { message: `${program} did not exit` });
      expect(isProcessAlive(escapee)).toBe(true);
      const ended = await session.shutdown({ graceMs: GRACE_MS });
      expect(ended.ok && ended.value.exitCode).toBe(0);
      if (!ended.ok) return;
      expect(ended.value.termination?.members).toEqual([escapee]);
      expect(ended.value.termination?.survivors).toEqual([]);
      expect(isProcessAlive(escapee)).toBe(false);
    });
  }
});

describe('dispose() of a PTY session', () => {
  it('SIGKILLs the whole kill domain at once, escapers included', async () => {
    const { session, escapee } = await startEscaper('double-fork-escaper');
    session.dispose();
    await driveUntil(() => !isProcessAlive(escapee) && session.exited(), {
      message: 'dispose() left the escapee or the agent alive',
    });
    expect(isProcessAlive(escapee)).toBe(false);
  });
});
