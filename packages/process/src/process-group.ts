// Signals to, and the end of, a process group (POSIX). On Linux a member that is a zombie counts
// as gone: it can no longer run, and in containers whose PID 1 does not reap, orphaned zombies
// would otherwise look alive forever.
import { isDeadState, type ProcessIdentity } from './process-entry.js';
import { type ProcessTableUnsupported, readProcessTable } from './read-process-table.js';
import { type SignalOutcome, sendSignal } from './signal-outcome.js';

/** Sends `signal` to every process of group `pgid`. */
export function signalProcessGroup(pgid: number, signal: NodeJS.Signals): SignalOutcome {
  if (!Number.isSafeInteger(pgid) || pgid <= 1) return 'failed';
  return sendSignal(-pgid, signal);
}

/**
 * Whether no process of group `pgid` can run any more. The fast path is one
 * `process.kill(-pgid, 0)`: ESRCH proves the group empty in constant time. Only when the group
 * still answers is the process table read, to tell live members from zombies (Linux); without
 * `/proc` an answering group counts as alive.
 */
export function processGroupGone(pgid: number): boolean {
  if (!Number.isSafeInteger(pgid) || pgid <= 1) return true;
  const outcome = sendSignal(-pgid, 0);
  if (outcome === 'gone') return true;
  const table = readProcessTable();
  if (table.kind === 'unsupported') return false;
  return !table.entries.some((entry) => entry.pgid === pgid && !isDeadState(entry.state));
}

/** The result of {@link orphanedGroupMembers}. */
export type OrphanedGroupRead =
  | { readonly kind: 'members'; readonly members: readonly ProcessIdentity[] }
  | ProcessTableUnsupported;

/**
 * The processes that can still run in group `pgid` after its leader (the process whose pid is
 * `pgid`) has been reaped, each by identity: signal them one by one with `signalProcess`, never
 * by group id. Once a group empties, the kernel may hand its id out again as a pid, and that new
 * process may lead a new group of the same id; the kernel never hands out a pid that a live
 * group still uses as its id, so a process with pid `pgid` in the table proves the leader's group
 * ended, and whatever answers to the id now belongs to someone else: the answer is then no
 * members. No members also when the group is gone. `unsupported` without `/proc`.
 */
export function orphanedGroupMembers(pgid: number): OrphanedGroupRead {
  if (!Number.isSafeInteger(pgid) || pgid <= 1) return { kind: 'members', members: [] };
  if (sendSignal(-pgid, 0) === 'gone') return { kind: 'members', members: [] };
  const table = readProcessTable();
  if (table.kind === 'unsupported') return table;
  const members: ProcessIdentity[] = [];
  for (const entry of table.entries) {
    if (entry.pid === pgid) return { kind: 'members', members: [] };
    if (entry.pgid === pgid && !isDeadState(entry.state)) {
      members.push({ pid: entry.pid, startTime: entry.startTime });
    }
  }
  return { kind: 'members', members };
}
