import type { AgentSession } from '@gate4agent/runtime-native';
import type { OperatorGate } from '@gate4agent/types';

/** The screen size of the fixture agent's PTY: small, so its screen prints in a few lines. */
export const FIXTURE_TERMINAL_SIZE = { rows: 12, columns: 72 } as const;

/** The screen size of a real agent's PTY (agents lay out their UI for a full terminal). */
export const AGENT_TERMINAL_SIZE = { rows: 40, columns: 120 } as const;

/** The fixture agent's prompt, and the prefix of its echo. */
export const FIXTURE_READY = 'fixture-ready>';
export const FIXTURE_ECHO = 'fixture-echo:';

/** How long the demo waits for a screen, at most. */
export const SCREEN_TIMEOUT_MS = 20_000;

/** How long a real agent's screen must stay unchanged to count as painted. */
const QUIET_MS = 1_500;

/**
 * A real agent's first paint: the screen once it has text (waited for up to `paintTimeoutMs`, the
 * agent's readiness timeout) and no new frame arrived for `QUIET_MS`, or at once when an operator
 * gate shows. Each step waits for the next published frame (a timeout means quiet), never polls.
 */
export async function settledScreen(agent: AgentSession, paintTimeoutMs: number): Promise<string> {
  await agent.waitFor((screen) => screen.trim().length > 0, { timeoutMs: paintTimeoutMs });
  const deadline = AbortSignal.timeout(SCREEN_TIMEOUT_MS);
  for (;;) {
    if (agent.operatorGate !== null) return agent.screen;
    const sequence = agent.frame?.sequence;
    try {
      await agent.waitFor((_, frame) => frame.sequence !== sequence, {
        timeoutMs: QUIET_MS,
        signal: deadline,
      });
    } catch (error) {
      if (error instanceof DOMException) return agent.screen;
      throw error;
    }
  }
}

/** One line naming the operator gate on screen (trust, login, …), or that there is none. */
export function describeGate(gate: OperatorGate | null): string {
  if (gate === null) return 'operator gate: none';
  return `operator gate: ${gate.kind} (${gate.text}) - answer it in the agent itself; the demo does not`;
}
