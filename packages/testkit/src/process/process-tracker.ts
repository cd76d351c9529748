// One tracker per process (module state): every fixture process the testkit starts, and any pid
// a test hands in, is recorded with its identity (pid + start time) until it is known to be gone.
// `reapAll()` kills and awaits the rest; a recycled pid is never touched.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import {
  isProcessAlive,
  type ProcessIdentity,
  readProcess,
  signalProcess,
  signalProcessGroup,
} from '@gate4agent/process';
import { Gate4AgentError } from '@gate4agent/types';
import { REAP_POLL_INTERVAL, REAP_TIMEOUT } from '../constants.js';

/** A process recorded by the tracker. */
export interface TrackedProcess {
  readonly pid: number;
  /**
   * Start time (clock ticks after boot) read when it was tracked: with the pid, its identity.
   * `null` when it could not be read (the process was already gone, or the host has no `/proc`).
   */
  readonly startTime: number | null;
  /** Fixture program (or `<program> descendant`) that the process runs. */
  readonly fixture: string;
  /** Whether the process leads its own process group (then the whole group is killed). */
  readonly group: boolean;
  /** Name of the test that was running when it started (see `setFixtureOwner`), if known. */
  readonly owner: string | null;
}

/** Options of {@link trackProcess}. */
export interface TrackProcessOptions {
  /** The process leads its own process group. Default false. */
  readonly group?: boolean;
  /** Our own `ChildProcess` for it, so exit is observed by event rather than by polling. */
  readonly child?: ChildProcess;
}

interface Entry extends TrackedProcess {
  readonly child: ChildProcess | undefined;
}

const entries = new Map<number, Entry>();
let owner: string | null = null;

/** Sets the test name recorded with processes started from now on (`null` clears it). */
export function setFixtureOwner(name: string | null): void {
  owner = name;
}

/**
 * Records any process (a fixture, a PTY child, a descendant a test learned of) to be reaped by
 * {@link reapAll}, with its identity: pid plus the start time read now, so that if the pid is
 * later reused by an unrelated process, that process is never signalled. A pid that is already
 * gone is not recorded. Throws `Gate4AgentError` (`invalid-tracked-process`) for a pid that is not
 * a positive integer above 1, or is this process itself.
 */
export function trackProcess(
  pid: number,
  fixture: string,
  options: TrackProcessOptions = {},
): void {
  if (!Number.isSafeInteger(pid) || pid <= 1 || pid === process.pid) {
    throw new Gate4AgentError(
      'invalid-tracked-process',
      `trackProcess was given pid ${pid}, which is ${pid === process.pid ? 'this test process itself' : 'not a process a test can own'}; pass the pid of a child the test started`,
    );
  }
  const read = readProcess(pid);
  const startTime = read.kind === 'process' ? read.entry.startTime : null;
  if (read.kind === 'gone' && options.child === undefined) return;
  entries.set(pid, {
    pid,
    startTime,
    fixture,
    group: options.group ?? false,
    owner,
    child: options.child,
  });
}

function identity(entry: Entry): ProcessIdentity | null {
  return entry.startTime === null ? null : { pid: entry.pid, startTime: entry.startTime };
}

function entryAlive(entry: Entry): boolean {
  const known = identity(entry);
  return known === null ? isProcessAlive(entry.pid) : isProcessAlive(known);
}

function childExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

// A recorded pid whose start time changed was reused by the OS: never touch it.
function stillOurs(entry: Entry): boolean {
  if (entry.child !== undefined) return !childExited(entry.child);
  return entryAlive(entry);
}

/** The tracked processes that are still alive, oldest first. Forgets the ones that are gone. */
export function trackedProcesses(): TrackedProcess[] {
  const alive: TrackedProcess[] = [];
  for (const entry of [...entries.values()]) {
    if (stillOurs(entry)) alive.push(publicView(entry));
    else entries.delete(entry.pid);
  }
  return alive;
}

function publicView({ pid, startTime, fixture, group, owner: entryOwner }: Entry): TrackedProcess {
  return { pid, startTime, fixture, group, owner: entryOwner };
}

// SIGKILL to the entry's process (and its group when it leads one), only while it is still the
// same process: our own child handle says so, or the start time still matches.
function kill(entry: Entry): void {
  const known = identity(entry);
  if (entry.child !== undefined && !childExited(entry.child)) {
    if (entry.group && process.platform !== 'win32') signalProcessGroup(entry.pid, 'SIGKILL');
    entry.child.kill('SIGKILL');
    return;
  }
  if (known === null) return;
  if (entry.group && process.platform !== 'win32' && isProcessAlive(known)) {
    signalProcessGroup(entry.pid, 'SIGKILL');
  }
  const outcome = signalProcess(known, 'SIGKILL');
  if (outcome === 'permission-denied' || outcome === 'failed') {
    throw new Error(
      `tracked process ${entry.pid} (${entry.fixture}) could not be killed (${outcome}); stop it by hand`,
    );
  }
}

async function waitGone(entry: Entry): Promise<void> {
  if (entry.child !== undefined) {
    if (!childExited(entry.child)) await once(entry.child, 'exit');
    return;
  }
  const deadline = performance.now() + REAP_TIMEOUT;
  while (entryAlive(entry)) {
    if (performance.now() > deadline) {
      throw new Error(`fixture process ${entry.pid} (${entry.fixture}) survived SIGKILL`);
    }
    await delay(REAP_POLL_INTERVAL);
  }
}

/**
 * SIGKILLs every tracked process that is still alive (its whole group when it leads one), waits
 * until each is gone, and returns what it had to kill: an empty list means nothing leaked.
 */
export async function reapAll(): Promise<TrackedProcess[]> {
  const leaked = trackedProcesses();
  const killed: Entry[] = [];
  for (const view of leaked) {
    const entry = entries.get(view.pid);
    if (entry === undefined) continue;
    kill(entry);
    killed.push(entry);
  }
  await Promise.all(killed.map(waitGone));
  for (const entry of killed) entries.delete(entry.pid);
  return leaked;
}

/** Formats leaked processes as `pid 123 (long-running, started by "test name")`. */
export function describeLeaks(leaked: readonly TrackedProcess[]): string {
  return leaked
    .map(
      (entry) =>
        `pid ${entry.pid} (${entry.fixture}${entry.owner === null ? '' : `, started by "${entry.owner}"`})`,
    )
    .join(', ');
}
