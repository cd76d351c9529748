import {
  ControlError,
  type ProviderRuntimeCapability,
  ProviderRuntimePolicy,
} from '@gate4agent/types';

/** `provider-runtime-policy-denied` when `policy` does not admit `capability`, else `null`. */
export function requireCapability(
  policy: ProviderRuntimePolicy,
  capability: ProviderRuntimeCapability,
): ControlError | null {
  return ProviderRuntimePolicy.admits(policy, capability)
    ? null
    : ControlError.providerRuntimePolicyDenied(capability);
}

/** Semantic input needs `semantic-readiness`, then `structured-prompt`; the first missing wins. */
export function requireStructuredPrompt(policy: ProviderRuntimePolicy): ControlError | null {
  return (
    requireCapability(policy, 'semantic-readiness') ??
    requireCapability(policy, 'structured-prompt')
  );
}
