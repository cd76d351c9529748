// One tracker per process (module state): every fixture process the testkit starts, or a test
// hands in, is recorded until it is known to be gone. `reapAll()` kills and awaits the rest.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { REAP_POLL_INTERVAL, REAP_TIMEOUT } from '../constants.js';
import { fixturesDirectory } from '../fixtures/fixture-program.js';
import { isProcessAlive, processCommandLine } from './process-probe.js';

/** A fixture process recorded by the tracker. */
export interface TrackedProcess {
  readonly pid: number;
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

/** Records `pid` as a fixture process to be reaped by {@link reapAll}. */
export function trackProcess(
  pid: number,
  fixture: string,
  options: TrackProcessOptions = {},
): void {
  entries.set(pid, { pid, fixture, group: options.group ?? false, owner, child: options.child });
}

function childExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

// A recorded pid that no longer runs a fixture script was reused by the OS: never touch it.
function stillOurs(entry: Entry): boolean {
  if (entry.child !== undefined) return !childExited(entry.child);
  if (!isProcessAlive(entry.pid)) return false;
  const command = processCommandLine(entry.pid);
  return command === null || command.includes(fixturesDirectory());
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

function publicView({ pid, fixture, group, owner: entryOwner }: Entry): TrackedProcess {
  return { pid, fixture, group, owner: entryOwner };
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

async function waitGone(entry: Entry): Promise<void> {
  if (entry.child !== undefined) {
    if (!childExited(entry.child)) await once(entry.child, 'exit');
    return;
  }
  const deadline = performance.now() + REAP_TIMEOUT;
  while (isProcessAlive(entry.pid)) {
    if (performance.now() > deadline) {
      throw new Error(`fixture process ${entry.pid} (${entry.fixture}) survived SIGKILL`);
    }
    await new Promise((resolve) => setTimeout(resolve, REAP_POLL_INTERVAL));
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
    if (entry.group && process.platform !== 'win32') signal(-entry.pid, 'SIGKILL');
    signal(entry.pid, 'SIGKILL');
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
