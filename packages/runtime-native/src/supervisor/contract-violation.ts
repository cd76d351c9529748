import { CapabilityObservation, ToolFailure } from '@gate4agent/tool-protocol';

/** The failure the supervisor substitutes for anything an executor got wrong. */
export function contractViolationObservation(): CapabilityObservation {
  return CapabilityObservation.failed(ToolFailure.providerContractViolation());
}
