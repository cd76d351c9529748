import { CapabilityObservation } from '@gate4agent/tool-protocol';

/**
 * Whether a provider's observation passes the protocol's validation (limits, no control
 * characters). Anything that is not even shaped like an observation is invalid too, never a throw.
 */
export function isValidObservation(observation: CapabilityObservation): boolean {
  if (typeof observation !== 'object' || observation === null) return false;
  if (observation.kind !== 'succeeded' && observation.kind !== 'failed') return false;
  try {
    return CapabilityObservation.validate(observation).ok;
  } catch {
    // A malformed value from untyped code (a missing field) is reported, not thrown.
    return false;
  }
}
