import { recogniseOperatorGate } from '@gate4agent/agent-catalog';
import type { AgentSpec, DraftReadySignal, OperatorGate, Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import { observeForeground } from './observe-foreground.js';
import type { PtySession } from './pty-session.js';
import { readinessFailure } from './readiness-failure.js';

/**
 * What the input needs: `draft-paste` (insert a draft, run an agent command) needs the agent in
 * the foreground and the spec's terminal draft signal; `followup-prompt` needs the foreground,
 * plus the terminal signal when the spec says `followupRequiresTerminal`.
 */
export type ReadinessIntent = 'draft-paste' | 'followup-prompt';

/** Whether the screen shows the spec's draft-ready signal right now. */
export function draftSignalPresent(
  session: PtySession,
  signal: DraftReadySignal,
  quietMs: number,
  now: number,
): boolean {
  const screen = session.screen;
  switch (signal) {
    case 'bracketed-paste':
      return screen.bracketedPaste;
    case 'cursor-after-bracketed-paste':
      return screen.bracketedPaste && screen.cursorVisible;
    case 'quiet-after-bracketed-paste':
      return screen.bracketedPaste && now - screen.lastOutputAt >= quietMs;
    case 'claude-composer-prompt':
      return composerPromptVisible(session.screen.contents(), ['\u276f']);
    case 'codex-composer-prompt':
      return composerPromptVisible(session.screen.contents(), ['\u203a', '\u276f']);
  }
}

// A menu row (`❯ 1. Yes, I trust this folder`, `› 1. Trust and continue`) uses the same marker
// as the composer; only a marker not followed by a numbered choice is the composer.
const MENU_ROW = /^\s*\d+\.\s/;

/**
 * Whether a line of `contents` starts (after spaces) with one of `markers` and is not a numbered
 * menu row: Claude's `❯ ` and Codex's `› ` composer prompts, not their dialogs' selection marks.
 */
export function composerPromptVisible(contents: string, markers: readonly string[]): boolean {
  return contents.split('\n').some((line) => {
    const trimmed = line.trimStart();
    const marker = markers.find((candidate) => trimmed.startsWith(candidate));
    return marker !== undefined && !MENU_ROW.test(trimmed.slice(marker.length));
  });
}

/**
 * The operator gate on `contents` of `session`, as the agent catalog recognises it: the agent's
 * own dialogs always, the wording agents share (upstream's startup gates) only until the session
 * has first been ready, so a phrase echoed in the conversation is not taken for a dialog.
 */
export function operatorGateOn(session: PtySession, contents: string): OperatorGate | null {
  return recogniseOperatorGate(session.agentId, contents, { sharedWording: !session.readyOnce });
}

/** The operator gate on the session's screen now (see {@link operatorGateOn}). */
export function currentOperatorGate(session: PtySession): OperatorGate | null {
  return operatorGateOn(session, session.screen.contents());
}

/** How readiness failed: a gate on screen (named), the agent's exit, or the timeout. */
export type ReadinessError =
  | { readonly kind: 'operator-gate'; readonly gate: OperatorGate; readonly message: string }
  | { readonly kind: 'exited'; readonly message: string }
  | { readonly kind: 'timed-out'; readonly message: string };

const sleepOrOutput = (session: PtySession, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    const stop = session.onOutput(done);
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });

/**
 * Waits, in the session's worker and never in a tick, until the agent is ready for `intent`:
 * the foreground is re-read every `readiness.pollIntervalMs` and the screen is re-checked on every
 * output. Fails at once, naming it, when an operator gate (trust, login, … dialog) is on screen —
 * its menu marker must never pass for a composer — and otherwise after `readiness.timeoutMs`
 * (or `timeoutMs` when given), with the last screen lines in the message.
 */
export async function waitForReadiness(
  session: PtySession,
  spec: AgentSpec,
  intent: ReadinessIntent,
  timeoutMs: number | null = null,
  now: () => number = () => performance.now(),
): Promise<Result<void, ReadinessError>> {
  const readiness =
    timeoutMs === null ? spec.readiness : { ...spec.readiness, timeoutMs: timeoutMs };
  const started = now();
  const deadline = started + readiness.timeoutMs;
  const interval = Math.max(1, readiness.pollIntervalMs);
  let nextProbe = started;
  let polls = 0;
  let foreground = false;
  for (;;) {
    const gate = currentOperatorGate(session);
    if (gate !== null) {
      return err({ kind: 'operator-gate', gate, message: readinessFailure.gate(gate) });
    }
    if (session.exited()) {
      await session.screen.flushed();
      const contents = session.terminalState().contents;
      return err({ kind: 'exited', message: readinessFailure.exited(spec.id, contents) });
    }
    if (now() >= nextProbe) {
      const observed = await observeForeground(session.pid, spec);
      polls += 1;
      const fallback = readiness.wrapperChildFallbackAfterPolls;
      foreground =
        observed !== null &&
        (observed.agentProcess !== null ||
          (fallback !== null && observed.wrapperWithChildren && polls >= fallback));
      nextProbe = now() + interval;
    }
    const terminal = draftSignalPresent(
      session,
      readiness.draftSignal,
      readiness.draftQuietMs,
      now(),
    );
    const ready =
      intent === 'draft-paste'
        ? foreground && terminal
        : foreground && (!readiness.followupRequiresTerminal || terminal);
    if (ready) return ok();
    const current = now();
    if (current >= deadline) {
      const contents = session.terminalState().contents;
      return err({
        kind: 'timed-out',
        message: readinessFailure.timedOut(spec.id, readiness.timeoutMs, contents),
      });
    }
    await sleepOrOutput(session, Math.max(1, Math.min(nextProbe, deadline) - current));
  }
}
