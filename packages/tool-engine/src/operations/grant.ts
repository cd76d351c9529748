// SetGrant and RevokeGrant: the grant half of the authority lane.
import type { PolicyGrant, PolicyKey } from '@gate4agent/tool-protocol';
import { TOOL_POLICIES_MAX } from '@gate4agent/tool-protocol';
import { err, ok, type Result } from '@gate4agent/types';
import { ToolEngineError } from '../errors.js';
import { emitAudit } from '../primitives/audit.js';
import { bumpRevision } from '../primitives/counters.js';
import type { ToolEngineState } from '../state/engine-state.js';
import { copyPolicyKey } from '../state/grant-table.js';
import type { RequestRecord } from '../state/request-record.js';
import { closeRequest } from './close-request.js';

/** The live requests that `key` authorises: all seven coordinates equal. */
function liveRequestsOf(state: ToolEngineState, key: PolicyKey): RequestRecord[] {
  return state.requests.live(
    ({ request }) =>
      request.key.consumerId === key.consumerId &&
      request.key.actorId === key.actorId &&
      request.instanceId === key.instanceId &&
      request.generation === key.generation &&
      request.providerId === key.providerId &&
      request.capabilityId === key.capabilityId &&
      request.resourceScopeId === key.resourceScopeId,
  );
}

/**
 * Inserts or replaces a grant (upstream `set_grant`). Checks, in order: provider registered,
 * capability declared, owner (a consumer-owned provider takes only its owner's grants), instance
 * known, active, and at exactly the key's generation. The same mode again changes nothing. A new
 * key beyond `TOOL_POLICIES_MAX` → `policy-capacity-exceeded`. A mode change first revokes the
 * key's live requests, so switching allow ↔ require-approval ends the work in flight under it.
 */
export function setGrant(
  state: ToolEngineState,
  grant: PolicyGrant,
): Result<void, ToolEngineError> {
  const { key, mode } = grant;
  const provider = state.providers.get(key.providerId);
  if (provider === undefined) return err(ToolEngineError.unknownPolicyProvider(key.providerId));
  if (!provider.capabilityIds.has(key.capabilityId)) {
    return err(ToolEngineError.unknownPolicyCapability(key.providerId, key.capabilityId));
  }
  const { owner } = provider.descriptor;
  if (owner.kind === 'consumer' && owner.consumerId !== key.consumerId) {
    return err(
      ToolEngineError.providerOwnerMismatch(key.providerId, owner.consumerId, key.consumerId),
    );
  }
  const current = state.generations.get(key.instanceId);
  if (current === undefined) return err(ToolEngineError.unknownPolicyInstance(key.instanceId));
  if (state.instanceStates.get(key.instanceId) !== 'active') {
    return err(ToolEngineError.inactivePolicyInstance(key.instanceId));
  }
  if (current !== key.generation) {
    return err(ToolEngineError.policyGenerationMismatch(key.instanceId, current, key.generation));
  }
  const previous = state.grants.mode(key);
  if (previous === mode) return ok();
  if (previous === undefined && state.grants.size >= TOOL_POLICIES_MAX) {
    return err(ToolEngineError.policyCapacityExceeded());
  }
  if (previous !== undefined) {
    for (const record of liveRequestsOf(state, key)) {
      closeRequest(state, record, { kind: 'grant-revoked' });
    }
  }
  const stored = state.grants.set(key, mode);
  bumpRevision(state);
  emitAudit(state, null, { kind: 'grant-set', grant: stored });
  return ok();
}

/**
 * Removes a grant (upstream `revoke_grant`); whether it existed. Its live requests close
 * `grant-revoked`: an open approval needs no cancel, a dispatched operation gets one best-effort
 * cancel. Revoking an absent grant changes nothing. Never fails.
 */
export function revokeGrant(
  state: ToolEngineState,
  key: PolicyKey,
): Result<boolean, ToolEngineError> {
  if (!state.grants.has(key)) return ok(false);
  const targets = liveRequestsOf(state, key);
  state.grants.delete(key);
  for (const record of targets) closeRequest(state, record, { kind: 'grant-revoked' });
  bumpRevision(state);
  emitAudit(state, null, { kind: 'grant-revoked', key: copyPolicyKey(key) });
  return ok(true);
}
