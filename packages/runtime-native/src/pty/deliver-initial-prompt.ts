import { startupOperatorGate } from '@gate4agent/agent-catalog';
import type { AgentSpec, Result } from '@gate4agent/types';
import { err, ok, prepareInput } from '@gate4agent/types';
import { STARTUP_GATE_POLL_MS, STARTUP_GATE_SETTLE_MS } from '../constants.js';
import type { PtySession } from './pty-session.js';
import { startupOperatorError } from './startup-operator-error.js';
import { waitForReadiness } from './wait-for-readiness.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function ensureNoGate(session: PtySession, spec: AgentSpec): Result<void, string> {
  const gate = startupOperatorGate(session.terminalState().contents);
  return gate === null ? ok() : err(startupOperatorError(spec.id, gate));
}

/**
 * Delivers a deferred (`after-ready`) initial prompt: waits for follow-up readiness with startup
 * gates checked, lets the screen settle {@link STARTUP_GATE_SETTLE_MS} gate-free, then pastes the
 * prompt (bracketed, controls neutralised) and submits it.
 */
export async function deliverInitialPrompt(
  session: PtySession,
  spec: AgentSpec,
  prompt: string,
): Promise<Result<void, string>> {
  const ready = await waitForReadiness(session, spec, 'followup-prompt', true);
  if (!ready.ok) return ready;
  const settled = performance.now() + STARTUP_GATE_SETTLE_MS;
  for (;;) {
    const clear = ensureNoGate(session, spec);
    if (!clear.ok) return clear;
    const left = settled - performance.now();
    if (left <= 0) break;
    await sleep(Math.min(left, STARTUP_GATE_POLL_MS));
  }
  const prepared = prepareInput({
    kind: 'submit-prompt',
    text: prompt,
    framing: 'bracketed-paste',
  });
  if (!prepared.ok) return err(prepared.error.message);
  return session.writePrepared(prepared.value);
}
