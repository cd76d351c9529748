import type { AgentRegistry } from '@gate4agent/agent-catalog';
import type { ControlEffect, ControlObservation } from '@gate4agent/types';
import { operatorActionRequiredMessage } from '@gate4agent/types';
import { observeForeground } from './observe-foreground.js';
import type { OwnedPtySession } from './owned-pty-session.js';
import {
  currentOperatorGate,
  type ReadinessIntent,
  waitForReadiness,
} from './wait-for-readiness.js';

type WriteInputEffect = Extract<ControlEffect, { kind: 'write-input' }>;

const completed: ControlObservation = { kind: 'input-completed' };
const failed = (message: string): ControlObservation => ({ kind: 'input-failed', message });

function describeRoute(effect: WriteInputEffect): string {
  const route = effect.requiredForeground;
  return route.kind === 'agent' ? `agent(${route.agentId})` : route.kind;
}

/**
 * Executes a `write-input` effect on an owned PTY: the route must match the input kind (`any`
 * for terminal text / bytes / controls and operator keys, `shell` for a shell command with a shell in the
 * foreground, `agent` for semantic input to this session's agent after readiness, refused while
 * an operator gate shows). Everything is
 * written as prepared (bracketed paste, controls neutralised, bounded chunks and delays).
 */
export async function writeInput(
  catalog: AgentRegistry,
  owned: OwnedPtySession | undefined,
  effect: WriteInputEffect,
): Promise<ControlObservation> {
  if (owned === undefined) return failed('typed PTY input requires a PTY session');
  const { input, requiredForeground: route } = effect;
  const session = owned.session;
  const written = async () => {
    const result = await session.writePrepared(input);
    return result.ok ? completed : failed(result.error.message);
  };
  if (
    route.kind === 'any' &&
    (input.kind === 'terminal-text' ||
      input.kind === 'terminal-bytes' ||
      input.kind === 'terminal-control' ||
      input.kind === 'operator-keys')
  ) {
    return written();
  }
  if (route.kind === 'shell' && input.kind === 'shell-command') {
    if (!owned.runtimePolicy.semanticReadiness) {
      return failed('semantic shell input is not admitted by the provider runtime policy');
    }
    const foreground = await observeForeground(session.pid, owned.spec);
    if (foreground === null) return failed('refusing shell command: PTY foreground is unknown');
    if (!foreground.isShell) {
      return failed(
        `refusing shell command: PTY foreground '${foreground.observedProcess}' is not a shell`,
      );
    }
    return written();
  }
  if (
    route.kind === 'agent' &&
    (input.kind === 'insert-draft' ||
      input.kind === 'submit-prompt' ||
      input.kind === 'agent-command') &&
    route.agentId === session.agentId
  ) {
    if (!owned.runtimePolicy.semanticReadiness || !owned.runtimePolicy.structuredPrompt) {
      return failed('semantic input is not admitted by the provider runtime policy');
    }
    const intent: ReadinessIntent =
      input.kind === 'submit-prompt' ? 'followup-prompt' : 'draft-paste';
    if (catalog.get(route.agentId) === undefined) {
      return failed('session agent disappeared from native catalog');
    }
    // The session's own spec carries the start's readiness timeout override.
    const spec = owned.spec;
    // A dialog on screen is never typed into: refused at once, naming it.
    const gate = currentOperatorGate(session);
    if (gate !== null) return failed(operatorActionRequiredMessage(gate));
    const ready = await waitForReadiness(session, spec, intent);
    if (!ready.ok) return failed(ready.error.message);
    // The agent was ready with no dialog on screen: its start-up is over.
    session.markReady();
    if (input.kind === 'agent-command') {
      const foreground = await observeForeground(session.pid, spec);
      if (foreground === null || foreground.agentProcess === null) {
        return failed('refusing agent command: the agent no longer owns the PTY foreground');
      }
    }
    return written();
  }
  return failed(
    `prepared input kind ${input.kind} does not satisfy route ${describeRoute(effect)}`,
  );
}
