import {
  type AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  type CommandId,
  ControlError,
  err,
  ok,
  type Result,
  TerminalSize,
} from '@gate4agent/types';
import { allocateOperation, bumpRevision, emitEvent } from '../counters.js';
import type { EngineState } from '../engine-state.js';

/** `resize`: one `resize` effect; the snapshot keeps its size until `resize-completed`. */
export function resize(
  state: EngineState,
  commandId: CommandId,
  instanceId: AgentInstanceId,
  size: TerminalSize,
): Result<void, ControlError> {
  if (!TerminalSize.isValid(size)) return err(ControlError.invalidTerminalSize());
  const session = state.sessions.get(instanceId);
  if (session === undefined) return err(ControlError.unknownInstance(instanceId));
  const { snapshot } = session;
  if (snapshot.transport !== 'pty') {
    return err(ControlError.unsupportedTransportOperation(snapshot.transport, 'terminal resize'));
  }
  if (snapshot.status.kind !== 'running') {
    return err(ControlError.invalidTransition(instanceId, 'resize', snapshot.status));
  }
  if (snapshot.pendingOperation !== null) {
    return err(ControlError.operationPending(instanceId, snapshot.pendingOperation));
  }
  const operationId = allocateOperation(state);
  snapshot.pendingOperation = operationId;
  session.pendingTerminalSize = size;
  const generation = snapshot.generation;
  state.effects.push({
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId,
    instanceId,
    generation,
    effect: { kind: 'resize', size },
  });
  bumpRevision(state);
  emitEvent(state, commandId, instanceId, generation, {
    kind: 'resize-requested',
    operationId,
    size,
  });
  return ok();
}
