import type { ProcessIdentity } from './process-entry.js';
import { readProcess } from './read-process-table.js';
import { type SignalOutcome, sendSignal } from './signal-outcome.js';

/**
 * Sends `signal` to the process with this identity, after checking that its pid still has the
 * same start time: a recycled pid answers `gone` and is never signalled. Without `/proc` the
 * check cannot be made and the answer is `failed`.
 */
export function signalProcess(identity: ProcessIdentity, signal: NodeJS.Signals): SignalOutcome {
  const read = readProcess(identity.pid);
  if (read.kind === 'gone') return 'gone';
  if (read.kind === 'unsupported') return 'failed';
  if (read.entry.startTime !== identity.startTime) return 'gone';
  return sendSignal(identity.pid, signal);
}
