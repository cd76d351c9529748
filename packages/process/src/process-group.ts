// Signals to, and the end of, a process group (POSIX). On Linux a member that is a zombie counts
// as gone: it can no longer run, and in containers whose PID 1 does not reap, orphaned zombies
// would otherwise look alive forever.
import { isDeadState } from './process-entry.js';
import { readProcessTable } from './read-process-table.js';
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
