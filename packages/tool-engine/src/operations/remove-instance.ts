import { type AgentInstanceId, ok, type Result } from '@gate4agent/types';
import type { ToolEngineError } from '../errors.js';
import { emitAudit } from '../primitives/audit.js';
import { bumpRevision } from '../primitives/counters.js';
import type { ToolEngineState } from '../state/engine-state.js';
import { closeRequest } from './close-request.js';

/**
 * Forgets an instance (upstream `remove_instance`): purges its grants, closes its live requests
 * `instance-closed`, deletes its generation and state. Terminal records stay. Whether the
 * instance was known; an unknown one changes nothing. Never fails.
 */
export function removeInstance(
  state: ToolEngineState,
  instanceId: AgentInstanceId,
): Result<boolean, ToolEngineError> {
  const previousGeneration = state.generations.get(instanceId);
  if (previousGeneration === undefined) return ok(false);
  const purgedGrantCount = state.grants.purge((key) => key.instanceId === instanceId);
  const targets = state.requests.live(({ request }) => request.instanceId === instanceId);
  for (const record of targets) closeRequest(state, record, { kind: 'instance-closed' });
  state.generations.delete(instanceId);
  state.instanceStates.delete(instanceId);
  bumpRevision(state);
  emitAudit(state, null, {
    kind: 'instance-removed',
    instanceId,
    previousGeneration,
    purgedGrantCount,
  });
  return ok(true);
}
