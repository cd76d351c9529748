import {
  type AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  type CommandId,
  type ControlEffect,
  ControlError,
  err,
  type InputAction,
  normalizeSemanticPrompt,
  ok,
  type PreparedInputKind,
  prepareAgentCommand,
  prepareInput,
  prepareShellCommand,
  type Result,
} from '@gate4agent/types';
import { allocateOperation, bumpRevision, emitEvent } from '../counters.js';
import type { EngineState, SessionState } from '../engine-state.js';
import { requireStructuredPrompt } from '../runtime-policy.js';
import { invalidateForeground } from '../session-defaults.js';

interface PreparedEffect {
  readonly effect: ControlEffect;
  readonly inputKind: PreparedInputKind;
}

function isInterrupt(action: InputAction): boolean {
  return action.kind === 'terminal-control' && action.control === 'interrupt';
}

function preparePty(
  session: SessionState,
  action: InputAction,
): Result<PreparedEffect, ControlError> {
  const agentId = session.snapshot.agentId;
  if (action.kind === 'agent-command') {
    const input = prepareAgentCommand(action, agentId);
    if (!input.ok) return err(ControlError.inputRejected(input.error));
    return ok({
      effect: {
        kind: 'write-input',
        input: input.value,
        requiredForeground: { kind: 'agent', agentId },
      },
      inputKind: input.value.kind,
    });
  }
  if (action.kind === 'shell-command') {
    const input = prepareShellCommand(action);
    if (!input.ok) return err(ControlError.inputRejected(input.error));
    return ok({
      effect: { kind: 'write-input', input: input.value, requiredForeground: { kind: 'shell' } },
      inputKind: input.value.kind,
    });
  }
  const input = prepareInput(action);
  if (!input.ok) return err(ControlError.inputRejected(input.error));
  const semantic = action.kind === 'insert-draft' || action.kind === 'submit-prompt';
  return ok({
    effect: {
      kind: 'write-input',
      input: input.value,
      requiredForeground: semantic ? { kind: 'agent', agentId } : { kind: 'any' },
    },
    inputKind: input.value.kind,
  });
}

function prepareEffect(
  session: SessionState,
  action: InputAction,
): Result<PreparedEffect, ControlError> {
  const transport = session.snapshot.transport;
  if (transport === 'pty') return preparePty(session, action);
  if (transport === 'acp' && action.kind === 'submit-prompt') {
    const prompt = normalizeSemanticPrompt(action.text);
    if (!prompt.ok) return err(ControlError.inputRejected(prompt.error));
    return ok({
      effect: { kind: 'submit-prompt', prompt: prompt.value },
      inputKind: 'submit-prompt',
    });
  }
  if (transport === 'acp' && isInterrupt(action)) {
    return ok({ effect: { kind: 'interrupt' }, inputKind: 'terminal-control' });
  }
  return err(ControlError.unsupportedTransportOperation(transport, 'this input action'));
}

/** `send-input`: one `write-input` effect; the input stays pending until the worker reports. */
export function sendInput(
  state: EngineState,
  commandId: CommandId,
  instanceId: AgentInstanceId,
  action: InputAction,
): Result<void, ControlError> {
  const session = state.sessions.get(instanceId);
  if (session === undefined) return err(ControlError.unknownInstance(instanceId));
  const { snapshot } = session;
  if (snapshot.status.kind !== 'running') {
    return err(ControlError.invalidTransition(instanceId, 'send input', snapshot.status));
  }
  if (snapshot.pendingOperation !== null) {
    return err(ControlError.operationPending(instanceId, snapshot.pendingOperation));
  }
  if (
    action.kind === 'insert-draft' ||
    action.kind === 'submit-prompt' ||
    action.kind === 'agent-command'
  ) {
    const denied = requireStructuredPrompt(session.runtimePolicy);
    if (denied !== null) return err(denied);
    // Never type a prompt into a trust, login or approval dialog: a person answers it first.
    if (snapshot.operatorGate !== null) {
      return err(ControlError.operatorActionRequired(instanceId, snapshot.operatorGate));
    }
  }
  const prepared = prepareEffect(session, action);
  if (!prepared.ok) return prepared;
  const { effect, inputKind } = prepared.value;

  const operationId = allocateOperation(state);
  session.pendingInterrupt = isInterrupt(action);
  snapshot.pendingOperation = operationId;
  snapshot.pendingInput = inputKind;
  invalidateForeground(snapshot, 'input requested');
  const generation = snapshot.generation;
  state.effects.push({
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId,
    instanceId,
    generation,
    effect,
  });
  bumpRevision(state);
  emitEvent(state, commandId, instanceId, generation, {
    kind: 'input-requested',
    operationId,
    inputKind,
  });
  return ok();
}
