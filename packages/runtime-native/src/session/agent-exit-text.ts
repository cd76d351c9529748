import type { SessionStatus } from '@gate4agent/types';
import type { AgentExit } from './launch-agent-options.js';

/** Whether `status` is final (`exited` or `failed`). */
export function isEnded(status: SessionStatus): status is AgentExit['status'] {
  return status.kind === 'exited' || status.kind === 'failed';
}

/** Whether `status` is a run in progress (`starting`, `running` or `stopping`). */
export function isLive(status: SessionStatus): boolean {
  return status.kind === 'starting' || status.kind === 'running' || status.kind === 'stopping';
}

/** `status` when final, else an `exited` without a code (the session was removed). */
export function endedStatus(status: SessionStatus | undefined): AgentExit['status'] {
  return status !== undefined && isEnded(status) ? status : { kind: 'exited', exitCode: null };
}

/** How an ended agent reads in a message: `exited with code 7`, `failed (reason)`. */
export function describeStatus(status: AgentExit['status']): string {
  if (status.kind === 'failed') return `failed (${status.message})`;
  return status.exitCode === null ? 'exited' : `exited with code ${status.exitCode}`;
}

/** Last screen lines for a message, or `nothing on screen`. */
export function describeLines(lines: readonly string[]): string {
  return lines.length === 0 ? 'nothing on screen' : `last screen lines: ${lines.join(' | ')}`;
}
