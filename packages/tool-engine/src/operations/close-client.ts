import type { ConsumerId, ToolActorId, ToolAuthorityOutcome } from '@gate4agent/tool-protocol';
import { emitAudit } from '../primitives/audit.js';
import { bumpRevision } from '../primitives/counters.js';
import type { ToolEngineState } from '../state/engine-state.js';
import { closeRequest } from './close-request.js';

/**
 * Closes one exact (consumer, actor) client (upstream `close_client`): removes its grants and
 * closes its live requests `client-closed`. Another actor of the same consumer is untouched.
 * Always bumps the revision, even when nothing matched. Never fails.
 */
export function closeClient(
  state: ToolEngineState,
  consumerId: ConsumerId,
  actorId: ToolActorId,
): ToolAuthorityOutcome {
  const purgedGrantCount = state.grants.purge(
    (key) => key.consumerId === consumerId && key.actorId === actorId,
  );
  const targets = state.requests.live(
    ({ request }) => request.key.consumerId === consumerId && request.key.actorId === actorId,
  );
  for (const record of targets) closeRequest(state, record, { kind: 'client-closed' });
  const closedRequestCount = targets.length;
  bumpRevision(state);
  emitAudit(state, null, {
    kind: 'client-closed',
    consumerId,
    actorId,
    purgedGrantCount,
    closedRequestCount,
  });
  return { kind: 'client-closed', purgedGrantCount, closedRequestCount };
}
