import {
  type AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  type CommandId,
  ControlError,
  err,
  ok,
  type Result,
} from '@gate4agent/types';
import { allocateOperation, bumpRevision, emitEvent } from '../counters.js';
import type { EngineState } from '../engine-state.js';
import { invalidateForeground } from '../session-defaults.js';

/**
 * `stop`: supersedes whatever is pending and moves to `stopping`. `force` only travels to the
 * runtime's worker; the session leaves `stopping` through an observation.
 */
export function stop(
  state: EngineState,
  commandId: CommandId,
  instanceId: AgentInstanceId,
  force: boolean,
): Result<void, ControlError> {
  const session = state.sessions.get(instanceId);
  if (session === undefined) return err(ControlError.unknownInstance(instanceId));
  const { snapshot } = session;
  if (snapshot.status.kind !== 'starting' && snapshot.status.kind !== 'running') {
    return err(ControlError.invalidTransition(instanceId, 'stop', snapshot.status));
  }
  const operationId = allocateOperation(state);
  session.pendingInterrupt = false;
  snapshot.status = { kind: 'stopping' };
  snapshot.pendingOperation = operationId;
  snapshot.pendingInput = null;
  invalidateForeground(snapshot, 'stop requested');
  const generation = snapshot.generation;
  state.effects.push({
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId,
    instanceId,
    generation,
    effect: { kind: 'stop', force },
  });
  bumpRevision(state);
  emitEvent(state, commandId, instanceId, generation, {
    kind: 'stop-requested',
    operationId,
    force,
  });
  return ok();
}
