import {
  type AgentInstanceId,
  type CommandId,
  ControlError,
  err,
  ok,
  type Result,
} from '@gate4agent/types';
import { bumpRevision, emitEvent } from '../counters.js';
import type { EngineState } from '../engine-state.js';

/** `remove`: forgets a resting session and its undrained effects; the watermark stays. */
export function remove(
  state: EngineState,
  commandId: CommandId,
  instanceId: AgentInstanceId,
): Result<void, ControlError> {
  const session = state.sessions.get(instanceId);
  if (session === undefined) return err(ControlError.unknownInstance(instanceId));
  const { snapshot } = session;
  const status = snapshot.status.kind;
  if (status === 'starting' || status === 'running' || status === 'stopping') {
    return err(ControlError.invalidTransition(instanceId, 'remove', snapshot.status));
  }
  if (snapshot.pendingOperation !== null) {
    return err(ControlError.operationPending(instanceId, snapshot.pendingOperation));
  }
  const generation = snapshot.generation;
  state.sessions.delete(instanceId);
  state.effects = state.effects.filter((effect) => effect.instanceId !== instanceId);
  bumpRevision(state);
  emitEvent(state, commandId, instanceId, generation, { kind: 'removed' });
  return ok();
}
