// When an executor is broken (it threw, returned an invalid value or hung), the supervisor still
// stops and proves the end of the operation itself from its `pid`, with @gate4agent/process.
import {
  isProcessAlive,
  orphanedGroupMembers,
  processGroupGone,
  readProcess,
  signalProcess,
  signalProcessGroup,
} from '@gate4agent/process';
import type { OwnedPhysicalOperation } from './owned-operation.js';

// Whether the operation's leader is known to have left its pid (gone, or the pid now names a
// process with another start time). A zombie still holds its pid, and with it the group id.
function leaderLeft(pid: number, startTime: number | null): boolean {
  if (startTime === null) return false;
  const read = readProcess(pid);
  if (read.kind === 'unsupported') return false;
  return read.kind === 'gone' || read.entry.startTime !== startTime;
}

/**
 * Sends `signal` to the operation's process group and its process (only while it is the same
 * process). Once the leader has left its pid, the group id may be reused: what is left of the
 * group is then signalled one by one by identity, never by group id.
 */
export function fallbackSignal(owned: OwnedPhysicalOperation, signal: NodeJS.Signals): boolean {
  if (owned.pid === null) return false;
  if (leaderLeft(owned.pid, owned.pidStartTime)) {
    const read = orphanedGroupMembers(owned.pid);
    if (read.kind === 'members') {
      for (const member of read.members) signalProcess(member, signal);
      return true;
    }
  }
  const group = signalProcessGroup(owned.pid, signal);
  const single =
    owned.pidStartTime === null
      ? 'failed'
      : signalProcess({ pid: owned.pid, startTime: owned.pidStartTime }, signal);
  return group === 'signalled' || group === 'gone' || single === 'signalled' || single === 'gone';
}

/** Whether the operation's process and its whole group are gone (`false` without a pid). */
export function fallbackExitProven(owned: OwnedPhysicalOperation): boolean {
  if (owned.pid === null) return false;
  if (leaderLeft(owned.pid, owned.pidStartTime)) {
    const read = orphanedGroupMembers(owned.pid);
    if (read.kind === 'members') return read.members.length === 0;
  }
  if (!processGroupGone(owned.pid)) return false;
  if (owned.pidStartTime === null) return true;
  return !isProcessAlive({ pid: owned.pid, startTime: owned.pidStartTime });
}
