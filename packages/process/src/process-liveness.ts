import { isDeadState, type ProcessIdentity } from './process-entry.js';
import { readProcess } from './read-process-table.js';

/**
 * Whether a process can still run. Given a pid: it exists and is not a zombie. Given an identity:
 * also its start time still matches, so a recycled pid counts as gone. Without `/proc` only
 * `process.kill(pid, 0)` can answer (a zombie then counts as alive).
 */
export function isProcessAlive(target: number | ProcessIdentity): boolean {
  const pid = typeof target === 'number' ? target : target.pid;
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  const read = readProcess(pid);
  if (read.kind === 'gone') return false;
  if (read.kind === 'unsupported') return signalZeroSays(pid);
  if (typeof target !== 'number' && read.entry.startTime !== target.startTime) return false;
  return !isDeadState(read.entry.state);
}

/** `process.kill(pid, 0)`: a process exists (EPERM: it exists but is not ours). */
export function signalZeroSays(target: number): boolean {
  try {
    process.kill(target, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
