import { setTimeout as delay } from 'node:timers/promises';
// Cross-process leak check for a whole test run. Tests run in worker processes, so the per-worker
// tracker cannot see them all; instead every fixture process carries the run tag in its
// environment (or, launched from a fixture spec, on its command line: a PTY child's environment
// is minimal), and the global teardown scans the process table for it.
import {
  FIXTURE_RUN_ARG,
  FIXTURE_RUN_ENV,
  REAP_POLL_INTERVAL,
  REAP_TIMEOUT,
} from '../constants.js';
import { fixturesDirectory } from '../fixtures/fixture-program.js';
import { isProcessAlive, listProcesses, processHasEnv } from './process-probe.js';

/** A fixture process found in the process table. */
export interface FixtureProcess {
  readonly pid: number;
  readonly command: string;
}

/** The run tag that fixtures started by this process carry (inherited from a global setup). */
export function fixtureRunTag(): string {
  const tag = process.env[FIXTURE_RUN_ENV];
  return tag === undefined || tag === '' ? `pid-${process.pid}` : tag;
}

function carriesRunTag(pid: number, command: string, runTag: string): boolean {
  if (command.split(/\s+/).includes(`${FIXTURE_RUN_ARG}${runTag}`)) return true;
  return processHasEnv(pid, FIXTURE_RUN_ENV, runTag) !== false;
}

/**
 * Fixture processes alive right now. With a `runTag`, only those started under that tag: the
 * tag argument of a fixture spec's launch on the command line, or the environment (Linux reads
 * it; elsewhere every process running a fixture script matches).
 */
export function findFixtureProcesses(runTag?: string): FixtureProcess[] {
  const directory = fixturesDirectory();
  return listProcesses().filter(
    ({ pid, command }) =>
      pid !== process.pid &&
      command.includes(directory) &&
      isProcessAlive(pid) &&
      (runTag === undefined || carriesRunTag(pid, command, runTag)),
  );
}

/**
 * For a vitest `globalSetup`: tags this run (workers inherit the tag) and returns the teardown,
 * which SIGKILLs any fixture process of the run that is still alive and then throws naming them.
 */
export function startFixtureRun(): () => Promise<void> {
  const tag = `run-${process.pid}-${Date.now().toString(36)}`;
  process.env[FIXTURE_RUN_ENV] = tag;
  return fixtureRunTeardown(tag);
}

/**
 * The teardown of the run tagged `tag`: SIGKILLs every fixture process of the run still alive,
 * waits until they are gone, then throws naming them. `startFixtureRun` returns it.
 */
export function fixtureRunTeardown(tag: string): () => Promise<void> {
  return async () => {
    const alive = findFixtureProcesses(tag);
    for (const { pid } of alive) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone between the scan and the kill.
      }
    }
    const deadline = performance.now() + REAP_TIMEOUT;
    while (alive.some(({ pid }) => isProcessAlive(pid)) && performance.now() < deadline) {
      await delay(REAP_POLL_INTERVAL);
    }
    if (alive.length > 0) {
      const list = alive.map(({ pid, command }) => `pid ${pid} (${command})`).join(', ');
      throw new Error(`fixture processes outlived the test run: ${list}`);
    }
  };
}
