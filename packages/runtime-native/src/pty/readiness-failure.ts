import type { OperatorGate } from '@gate4agent/types';
import { operatorActionRequiredMessage } from '@gate4agent/types';
import { READINESS_SCREEN_TAIL_LINES } from '../constants.js';

/** The last non-blank lines of a screen, trimmed on the right, for failure messages. */
export function screenTail(contents: string, lines = READINESS_SCREEN_TAIL_LINES): string {
  const kept = contents
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  return kept.slice(-lines).join('\n');
}

const withScreen = (message: string, contents: string) => {
  const tail = screenTail(contents);
  return tail === '' ? `${message}; the screen was blank` : `${message}; last screen:\n${tail}`;
};

/** Why readiness failed, in words a person can act on; each carries the screen it saw. */
export const readinessFailure = {
  /** The deadline passed without the spec's ready signal. */
  timedOut: (agentId: string, timeoutMs: number, contents: string): string =>
    withScreen(
      `PTY readiness timed out: agent '${agentId}' showed no ready signal within ${timeoutMs} ms (raise the start request's readinessTimeoutMs if it starts slowly here)`,
      contents,
    ),
  /** The agent exited before it became ready. */
  exited: (agentId: string, contents: string): string =>
    withScreen(`PTY agent '${agentId}' exited before it became ready`, contents),
  /** A dialog only a person should answer is on screen. */
  gate: (gate: OperatorGate): string =>
    `agent '${gate.agentId}' requires operator action: ${operatorActionRequiredMessage(gate)}`,
};
