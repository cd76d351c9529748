import type { AgentSpec, OperatorGate, Result } from '@gate4agent/types';
import {
  describeOperatorGate,
  err,
  ok,
  operatorGateHeadline,
  prepareInput,
} from '@gate4agent/types';
import { STARTUP_GATE_SETTLE_MS } from '../constants.js';
import type { PtySession } from './pty-session.js';
import { startupOperatorError } from './startup-operator-error.js';
import { currentOperatorGate, waitForReadiness } from './wait-for-readiness.js';

function gateError(spec: AgentSpec, gate: OperatorGate): string {
  const headline = operatorGateHeadline(gate);
  const named =
    headline === '' ? describeOperatorGate(gate) : `${describeOperatorGate(gate)}: "${headline}"`;
  return (
    `${startupOperatorError(spec.id, named)}. Start it without an initial prompt and answer the ` +
    'dialog with operator keys, or answer it once in a terminal in that directory'
  );
}

function ensureNoGate(session: PtySession, spec: AgentSpec): Result<void, string> {
  const gate = currentOperatorGate(session);
  return gate === null ? ok() : err(gateError(spec, gate));
}

// Resolves on the screen's next applied change, or after `ms`.
function changedOrElapsed(session: PtySession, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    const stop = session.screen.onApplied(done);
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

/**
 * Delivers a deferred (`after-ready`) initial prompt: waits for follow-up readiness (failing at
 * once, with the dialog named, when an operator gate shows; `timeoutMs` overrides the spec's),
 * lets the screen settle {@link STARTUP_GATE_SETTLE_MS} gate-free (re-checked on every applied
 * change, not on a timer), then pastes the prompt (bracketed, controls neutralised) and submits
 * it.
 */
export async function deliverInitialPrompt(
  session: PtySession,
  spec: AgentSpec,
  prompt: string,
  timeoutMs: number | null = null,
): Promise<Result<void, string>> {
  const ready = await waitForReadiness(session, spec, 'followup-prompt', timeoutMs);
  if (!ready.ok) {
    return err(
      ready.error.kind === 'operator-gate'
        ? gateError(spec, ready.error.gate)
        : ready.error.message,
    );
  }
  const settled = performance.now() + STARTUP_GATE_SETTLE_MS;
  for (;;) {
    const clear = ensureNoGate(session, spec);
    if (!clear.ok) return clear;
    const left = settled - performance.now();
    if (left <= 0) break;
    await changedOrElapsed(session, left);
  }
  // Start-up is over: from now on only the agent's own dialogs count as gates.
  session.markReady();
  const prepared = prepareInput({
    kind: 'submit-prompt',
    text: prompt,
    framing: 'bracketed-paste',
  });
  if (!prepared.ok) return err(prepared.error.message);
  const written = await session.writePrepared(prepared.value);
  return written.ok ? ok() : err(written.error.message);
}
