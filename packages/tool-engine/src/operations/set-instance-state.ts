import type { ToolInstanceState } from '@gate4agent/tool-protocol';
import {
  type AgentInstanceId,
  err,
  ok,
  type Result,
  type SessionGeneration,
} from '@gate4agent/types';
import { ToolEngineError } from '../errors.js';
import { emitAudit } from '../primitives/audit.js';
import { bumpRevision } from '../primitives/counters.js';
import type { ToolEngineState } from '../state/engine-state.js';
import { closeRequest } from './close-request.js';

/**
 * Marks an instance active or inactive at its current generation (upstream `set_instance_state`).
 * Unknown instance → `unknown-policy-instance`; another generation → `policy-generation-mismatch`;
 * same state → no change. Going inactive purges every grant of the instance and closes its live
 * requests `instance-closed`. Going active restores nothing: authority must grant again.
 */
export function setInstanceState(
  state: ToolEngineState,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
  instanceState: ToolInstanceState,
): Result<void, ToolEngineError> {
  const current = state.generations.get(instanceId);
  if (current === undefined) return err(ToolEngineError.unknownPolicyInstance(instanceId));
  if (current !== generation) {
    return err(ToolEngineError.policyGenerationMismatch(instanceId, current, generation));
  }
  if (state.instanceStates.get(instanceId) === instanceState) return ok();
  let purgedGrantCount = 0;
  if (instanceState === 'inactive') {
    purgedGrantCount = state.grants.purge((key) => key.instanceId === instanceId);
    const targets = state.requests.live(({ request }) => request.instanceId === instanceId);
    state.instanceStates.set(instanceId, instanceState);
    for (const record of targets) closeRequest(state, record, { kind: 'instance-closed' });
  } else {
    state.instanceStates.set(instanceId, instanceState);
  }
  bumpRevision(state);
  emitAudit(state, null, {
    kind: 'instance-state-changed',
    instanceId,
    generation,
    state: instanceState,
    purgedGrantCount,
  });
  return ok();
}
