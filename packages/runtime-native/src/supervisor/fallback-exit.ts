// When an executor is broken (it threw, returned an invalid value or hung), the supervisor still
// stops and proves the end of the operation itself from its `pid`, with @gate4agent/process.
import {
  isProcessAlive,
  processGroupGone,
  signalProcess,
  signalProcessGroup,
} from '@gate4agent/process';
import type { OwnedPhysicalOperation } from './owned-operation.js';

/** Sends `signal` to the operation's process group and its process (only while it is the same process). */
export function fallbackSignal(owned: OwnedPhysicalOperation, signal: NodeJS.Signals): boolean {
  if (owned.pid === null) return false;
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
  if (!processGroupGone(owned.pid)) return false;
  if (owned.pidStartTime === null) return true;
  return !isProcessAlive({ pid: owned.pid, startTime: owned.pidStartTime });
}
