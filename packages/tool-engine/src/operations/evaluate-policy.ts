import type {
  ConsumerBoundCapabilityRequest,
  PolicyDecision,
  PolicyDenial,
} from '@gate4agent/tool-protocol';
import type { ToolEngineState } from '../state/engine-state.js';

const deny = (reason: PolicyDenial): PolicyDecision =>
  Object.freeze({ kind: 'deny', reason: Object.freeze(reason) });

const ALLOW: PolicyDecision = Object.freeze({ kind: 'allow' });
const REQUIRE_APPROVAL: PolicyDecision = Object.freeze({ kind: 'require-approval' });
const UNKNOWN_INSTANCE = deny({ kind: 'unknown-instance' });
const INACTIVE_INSTANCE = deny({ kind: 'inactive-instance' });
const UNKNOWN_PROVIDER = deny({ kind: 'unknown-provider' });
const PROVIDER_OWNER_MISMATCH = deny({ kind: 'provider-owner-mismatch' });
const UNKNOWN_CAPABILITY = deny({ kind: 'unknown-capability' });
const MISSING_GRANT = deny({ kind: 'missing-grant' });

/**
 * The policy decision for a request (upstream `evaluate_policy`): its client, instance,
 * generation, provider, capability and scope are the exact grant key it needs. Pure, first match
 * wins: unknown instance, inactive instance, stale generation, unknown provider, owner mismatch
 * (before the capability check), unknown capability, then the exact grant — allow, require
 * approval, or deny `missing-grant`. No grant means deny; nothing is inherited and there are no
 * wildcards. The grant is one exact-key lookup on the envelope's own fields (no key object is
 * built), so the cost does not depend on how many grants exist.
 */
export function evaluatePolicy(
  state: ToolEngineState,
  envelope: ConsumerBoundCapabilityRequest,
): PolicyDecision {
  const { consumerId, request } = envelope;
  const { instanceId } = request;
  const current = state.generations.get(instanceId);
  if (current === undefined) return UNKNOWN_INSTANCE;
  if (state.instanceStates.get(instanceId) !== 'active') return INACTIVE_INSTANCE;
  if (current !== request.generation) return deny({ kind: 'stale-generation', current });
  const provider = state.providers.get(request.providerId);
  if (provider === undefined) return UNKNOWN_PROVIDER;
  const { owner } = provider.descriptor;
  if (owner.kind === 'consumer' && owner.consumerId !== consumerId) {
    return PROVIDER_OWNER_MISMATCH;
  }
  if (!provider.capabilityIds.has(request.capabilityId)) return UNKNOWN_CAPABILITY;
  const mode = state.grants.modeAt(consumerId, envelope.actorId, request);
  if (mode === 'allow') return ALLOW;
  if (mode === 'require-approval') return REQUIRE_APPROVAL;
  return MISSING_GRANT;
}
