import { CapabilityObservation } from '@gate4agent/tool-protocol';

/**
 * A provider's observation checked against its schema (compiled validator: shapes, known kinds,
 * bytes as `Uint8Array`) and then the protocol's validation (limits, no control characters), as
 * a fresh copy the caller can no longer change; `null` when it fails either, never a throw.
 */
export function checkObservation(observation: unknown): CapabilityObservation | null {
  const checked = CapabilityObservation.codec.checkValue(observation);
  if (!checked.ok) return null;
  return CapabilityObservation.validate(checked.value).ok ? checked.value : null;
}
