import {
  descendantsOf,
  type ProcessEntry,
  type ProcessIdentity,
  readProcessTable,
  signalProcess,
  signalProcessGroup,
} from '@gate4agent/process';
import { PTY_DESCENDANT_GRACE, PTY_ROOT_KILL_WAIT } from '../constants.js';

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

const signalled = (outcome: string): boolean => outcome === 'signalled';
const signal = (identity: ProcessIdentity, name: NodeJS.Signals): boolean =>
  signalled(signalProcess(identity, name));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Stops a PTY's process tree (upstream §11.4, Unix): snapshot the table, SIGTERM the root's
 * process group and every captured descendant, SIGKILL the root through the PTY, then, when there
 * were descendants, wait {@link PTY_DESCENDANT_GRACE} and SIGKILL every survivor whose identity
 * (pid and start time) still matches, and the group. Never a bare pid that may be reused.
 */
export async function stopProcessTree(root: ProcessTreeRoot): Promise<ProcessTreeTermination> {
  const read = readProcessTable();
  const table = read.kind === 'table' ? read.entries : null;
  const descendants: ProcessEntry[] = table === null ? [] : descendantsOf(table, root.pid);
  const rootEntry = table?.find((entry) => entry.pid === root.pid) ?? null;
  let gracefulAttempts = 0;
  let forceAttempts = 0;
  if (process.platform !== 'win32' && signalled(signalProcessGroup(root.pid, 'SIGTERM')))
    gracefulAttempts += 1;
  for (const entry of descendants) {
    if (signal(entry, 'SIGTERM')) gracefulAttempts += 1;
  }
  if (root.killRoot()) {
    forceAttempts += 1;
  } else if (rootEntry !== null) {
    const deadline = performance.now() + PTY_ROOT_KILL_WAIT;
    while (!root.exited() && performance.now() < deadline) await sleep(10);
    if (!root.exited() && signal(rootEntry, 'SIGKILL')) forceAttempts += 1;
  }
  if (descendants.length > 0) {
    await sleep(PTY_DESCENDANT_GRACE);
    for (const entry of descendants) {
      if (signal(entry, 'SIGKILL')) forceAttempts += 1;
    }
    const fresh = readProcessTable();
    if (fresh.kind === 'table' && fresh.entries.some((entry) => entry.pgid === root.pid)) {
      if (signalled(signalProcessGroup(root.pid, 'SIGKILL'))) forceAttempts += 1;
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
