import { startupOperatorGate } from '@gate4agent/agent-catalog';
import type { AgentSpec, DraftReadySignal, Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import { observeForeground } from './observe-foreground.js';
import type { PtySession } from './pty-session.js';
import { startupOperatorError } from './startup-operator-error.js';

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
      return session.terminalState().contents.includes('\u276f');
    case 'codex-composer-prompt': {
      const contents = session.terminalState().contents;
      return contents.includes('\u203a') || contents.includes('\u276f');
    }
  }
}

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
 * output. Fails with `PTY readiness timed out` after `readiness.timeoutMs`, or at once when
 * `detectStartupGates` is set and an operator prompt is on screen.
 */
export async function waitForReadiness(
  session: PtySession,
  spec: AgentSpec,
  intent: ReadinessIntent,
  detectStartupGates: boolean,
  now: () => number = () => performance.now(),
): Promise<Result<void, string>> {
  const readiness = spec.readiness;
  const started = now();
  const deadline = started + readiness.timeoutMs;
  const interval = Math.max(1, readiness.pollIntervalMs);
  let nextProbe = started;
  let polls = 0;
  let foreground = false;
  for (;;) {
    if (detectStartupGates) {
      const gate = startupOperatorGate(session.terminalState().contents);
      if (gate !== null) return err(startupOperatorError(spec.id, gate));
    }
    if (session.exited()) return err('PTY agent exited before it became ready');
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
    if (current >= deadline) return err('PTY readiness timed out');
    await sleepOrOutput(session, Math.max(1, Math.min(nextProbe, deadline) - current));
  }
}
