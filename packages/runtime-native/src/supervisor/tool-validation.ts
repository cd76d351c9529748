// The tool-protocol validations the supervisor relies on, in one place.
import type {
  CapabilityObservation,
  CapabilityProviderDescriptor,
  ToolCapabilityId,
  ToolFailure,
} from '@gate4agent/tool-protocol';
import {
  ToolFailure as Failure,
  CapabilityObservation as Observation,
  CapabilityProviderDescriptor as ProviderDescriptor,
} from '@gate4agent/tool-protocol';

/** Whether an executor's observation passes the protocol's validation. */
export function isValidObservation(observation: CapabilityObservation): boolean {
  try {
    return Observation.validate(observation).ok;
  } catch {
    return false;
  }
}

/** Whether an executor's start failure passes the protocol's validation. */
export function isValidFailure(failure: ToolFailure): boolean {
  try {
    return Failure.validate(failure).ok;
  } catch {
    return false;
  }
}

/** Whether the provider descriptor passes the protocol's validation. */
export function isValidDescriptor(descriptor: CapabilityProviderDescriptor): boolean {
  return ProviderDescriptor.validate(descriptor).ok;
}

/** Whether the descriptor offers the capability (exact id match). */
export function descriptorHasCapability(
  descriptor: CapabilityProviderDescriptor,
  capabilityId: ToolCapabilityId,
): boolean {
  return ProviderDescriptor.hasCapability(descriptor, capabilityId);
}
