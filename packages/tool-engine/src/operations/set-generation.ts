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
 * Syncs an instance's session generation (upstream `set_generation`). Lower than the current one
 * → `generation-regressed`; equal → no change. Otherwise grants of the instance at any other
 * generation are purged, its live requests of other generations are superseded (cancel
 * `generation-superseded`), and a first sync makes the instance active; an existing state is
 * kept. An unknown (or removed) instance accepts any generation. Never fails on queue pressure.
 */
export function setGeneration(
  state: ToolEngineState,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
): Result<void, ToolEngineError> {
  const previous = state.generations.get(instanceId) ?? null;
  if (previous !== null) {
    if (generation < previous) {
      return err(ToolEngineError.generationRegressed(instanceId, previous, generation));
    }
    if (generation === previous) return ok();
  }
  const purgedGrantCount = state.grants.purge(
    (key) => key.instanceId === instanceId && key.generation !== generation,
  );
  const targets = state.requests.live(
    ({ request }) => request.instanceId === instanceId && request.generation !== generation,
  );
  state.generations.set(instanceId, generation);
  if (!state.instanceStates.has(instanceId)) state.instanceStates.set(instanceId, 'active');
  for (const record of targets) {
    closeRequest(state, record, { kind: 'superseded', currentGeneration: generation });
  }
  bumpRevision(state);
  emitAudit(state, null, {
    kind: 'generation-advanced',
    instanceId,
    previous,
    current: generation,
    purgedGrantCount,
  });
  return ok();
}
