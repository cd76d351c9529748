import { PTY_DESCENDANT_GRACE, PTY_ROOT_KILL_WAIT } from '../constants.js';
import {
  descendantsOf,
  type ProcessEntry,
  readProcessTable,
  sameProcess,
} from './process-table.js';

/** What a tree stop did. */
export interface ProcessTreeTermination {
  readonly rootPid: number;
  /** Descendants captured before the root was killed. */
  readonly descendants: readonly number[];
  readonly gracefulAttempts: number;
  readonly forceAttempts: number;
  /** Why the stop could not do everything (for example an unreadable process table). */
  readonly degradedReason: string | null;
}

/** The hooks a tree stop needs from its PTY. */
export interface ProcessTreeRoot {
  readonly pid: number;
  /** SIGKILLs the root through the PTY's own child handle; false when that failed. */
  killRoot(): boolean;
  /** Whether the root has been reaped. */
  exited(): boolean;
}

function signal(target: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(target, name);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Stops a PTY's process tree (upstream §11.4, Unix): snapshot the table, SIGTERM the root's
 * process group and every captured descendant, SIGKILL the root through the PTY, then, when there
 * were descendants, wait {@link PTY_DESCENDANT_GRACE} and SIGKILL every survivor whose identity
 * (pid, start time, group) still matches, and the group. Never a bare pid that may be reused.
 */
export async function stopProcessTree(root: ProcessTreeRoot): Promise<ProcessTreeTermination> {
  const table = await readProcessTable();
  const descendants: ProcessEntry[] = table === null ? [] : descendantsOf(table, root.pid);
  const rootEntry = table?.find((entry) => entry.pid === root.pid) ?? null;
  let gracefulAttempts = 0;
  let forceAttempts = 0;
  if (process.platform !== 'win32' && signal(-root.pid, 'SIGTERM')) gracefulAttempts += 1;
  for (const entry of descendants) {
    if (signal(entry.pid, 'SIGTERM')) gracefulAttempts += 1;
  }
  if (root.killRoot()) {
    forceAttempts += 1;
  } else if (rootEntry !== null) {
    const deadline = performance.now() + PTY_ROOT_KILL_WAIT;
    while (!root.exited() && performance.now() < deadline) await sleep(10);
    if (!root.exited()) {
      const fresh = await readProcessTable();
      const current = fresh?.find((entry) => entry.pid === root.pid);
      if (current !== undefined && sameProcess(current, rootEntry) && signal(root.pid, 'SIGKILL'))
        forceAttempts += 1;
    }
  }
  if (descendants.length > 0) {
    await sleep(PTY_DESCENDANT_GRACE);
    const fresh = await readProcessTable();
    for (const entry of descendants) {
      const current = fresh?.find((candidate) => candidate.pid === entry.pid);
      if (current !== undefined && sameProcess(current, entry) && signal(entry.pid, 'SIGKILL'))
        forceAttempts += 1;
    }
    if (process.platform !== 'win32' && fresh?.some((entry) => entry.pgid === root.pid)) {
      if (signal(-root.pid, 'SIGKILL')) forceAttempts += 1;
    }
  }
  return {
    rootPid: root.pid,
    descendants: descendants.map((entry) => entry.pid),
    gracefulAttempts,
    forceAttempts,
    degradedReason: table === null ? 'process table unreadable; root-only kill' : null,
  };
}
