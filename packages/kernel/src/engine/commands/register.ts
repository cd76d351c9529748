import {
  type AgentId,
  type AgentInstanceId,
  CONTROL_INSTANCE_IDENTITIES_MAX,
  CONTROL_SESSIONS_MAX,
  type CommandId,
  ControlError,
  err,
  ok,
  type Result,
  SessionGeneration,
  type TransportKind,
} from '@gate4agent/types';
import { bumpRevision, emitEvent, nextGeneration } from '../counters.js';
import type { EngineState } from '../engine-state.js';
import { newSessionState } from '../session-defaults.js';

/** `register`: a new live session at generation 0, or one above the id's watermark. */
export function register(
  state: EngineState,
  commandId: CommandId,
  instanceId: AgentInstanceId,
  agentId: AgentId,
  transport: TransportKind,
): Result<void, ControlError> {
  if (state.sessions.has(instanceId)) return err(ControlError.duplicateInstance(instanceId));
  if (state.sessions.size >= CONTROL_SESSIONS_MAX) {
    return err(ControlError.sessionCapacityExceeded(instanceId, CONTROL_SESSIONS_MAX));
  }
  const watermark = state.generationWatermarks.get(instanceId);
  if (
    watermark === undefined &&
    state.generationWatermarks.size >= CONTROL_INSTANCE_IDENTITIES_MAX
  ) {
    return err(
      ControlError.instanceIdentityCapacityExceeded(instanceId, CONTROL_INSTANCE_IDENTITIES_MAX),
    );
  }
  let generation = SessionGeneration.of(0);
  if (watermark !== undefined) {
    const next = nextGeneration(watermark);
    if (next === null) return err(ControlError.generationExhausted(instanceId, watermark));
    generation = next;
  }
  state.sessions.set(instanceId, newSessionState(instanceId, agentId, transport, generation));
  state.generationWatermarks.set(instanceId, generation);
  bumpRevision(state);
  emitEvent(state, commandId, instanceId, generation, { kind: 'registered' });
  return ok();
}
