// Keeps the tool engine's view of each agent instance (generation, active / inactive) equal to
// the control engine's sessions. Only a running session is active.
import type { AgentInstanceId } from '@gate4agent/types';
import { engineStateOf } from '../engine/gate4agent-engine.js';
import { KernelIntegrationError } from '../errors.js';
import type { Lanes } from './health-gate.js';
import type { KernelState } from './kernel-state.js';

/** Syncs one instance into the tool engine; a failure is a `tool-instance-sync` error. */
export function syncControlInstance(
  state: KernelState,
  instanceId: AgentInstanceId,
): KernelIntegrationError | null {
  const { toolEngine } = state;
  // Read in place: a copy per instance per step would dominate the step's cost.
  const session = engineStateOf(state.engine).sessions.get(instanceId)?.snapshot;
  if (session === undefined) {
    const removed = toolEngine.removeInstance(instanceId);
    return removed.ok ? null : KernelIntegrationError.toolInstanceSync(instanceId, removed.error);
  }
  const generation = toolEngine.setGeneration(instanceId, session.generation);
  if (!generation.ok) return KernelIntegrationError.toolInstanceSync(instanceId, generation.error);
  const activity = session.status.kind === 'running' ? 'active' : 'inactive';
  const instanceState = toolEngine.setInstanceState(instanceId, session.generation, activity);
  return instanceState.ok
    ? null
    : KernelIntegrationError.toolInstanceSync(instanceId, instanceState.error);
}

/** Syncs one instance; a failure closes the tool lane and is recorded. */
export function syncOrBlock(
  state: KernelState,
  instanceId: AgentInstanceId,
  lanes: Lanes,
  errors: KernelIntegrationError[],
): void {
  const error = syncControlInstance(state, instanceId);
  if (error === null) return;
  lanes.tool = false;
  errors.push(error);
}

/**
 * Syncs every live session (ascending id), then removes every tool-engine instance without a
 * live session (ascending id). Each failure closes the tool lane; the loop goes on.
 */
export function reconcileOrBlock(
  state: KernelState,
  lanes: Lanes,
  errors: KernelIntegrationError[],
): void {
  const live = state.engine.sessionInstanceIds();
  for (const instanceId of live) syncOrBlock(state, instanceId, lanes, errors);
  const liveSet = new Set(live);
  const toolIds = [...state.toolEngine.instanceIds()].sort((a, b) => a - b);
  for (const instanceId of toolIds) {
    if (!liveSet.has(instanceId)) syncOrBlock(state, instanceId, lanes, errors);
  }
}
