import {
  type CapabilityOwner,
  CapabilityProviderDescriptor,
  compareIds,
  TOOL_PROVIDERS_MAX,
} from '@gate4agent/tool-protocol';
import { deepFreeze, err, ok, type Result } from '@gate4agent/types';
import { ToolEngineError } from '../errors.js';
import { emitAudit } from '../primitives/audit.js';
import { bumpRevision } from '../primitives/counters.js';
import type { ToolEngineState } from '../state/engine-state.js';

function copyOwner(owner: CapabilityOwner): CapabilityOwner {
  return owner.kind === 'gate'
    ? { kind: 'gate' }
    : { kind: 'consumer', consumerId: owner.consumerId };
}

/**
 * Registers a provider (upstream `register_provider`): in order, the descriptor's own validation,
 * `duplicate-provider`, then `provider-capacity-exceeded` at `TOOL_PROVIDERS_MAX`. The stored
 * descriptor is a frozen copy (input schemas included) with its capabilities sorted by id. Providers are never removed.
 */
export function registerProvider(
  state: ToolEngineState,
  descriptor: CapabilityProviderDescriptor,
): Result<void, ToolEngineError> {
  const valid = CapabilityProviderDescriptor.validate(descriptor);
  if (!valid.ok) return err(ToolEngineError.validation(valid.error));
  if (state.providers.has(descriptor.id)) {
    return err(ToolEngineError.duplicateProvider(descriptor.id));
  }
  if (state.providers.size >= TOOL_PROVIDERS_MAX) {
    return err(ToolEngineError.providerCapacityExceeded());
  }
  const capabilities = descriptor.capabilities
    .map((capability) => ({
      id: capability.id,
      class: capability.class,
      description: capability.description,
      // Validated as plain JSON above, so a JSON round trip is an exact, unshared copy.
      ...(capability.inputSchema === undefined
        ? {}
        : { inputSchema: JSON.parse(JSON.stringify(capability.inputSchema)) }),
    }))
    .sort((left, right) => compareIds(left.id, right.id));
  const stored = deepFreeze({
    id: descriptor.id,
    owner: copyOwner(descriptor.owner),
    capabilities,
  });
  state.providers.set(stored.id, {
    descriptor: stored,
    capabilityIds: new Set(capabilities.map((capability) => capability.id)),
  });
  bumpRevision(state);
  emitAudit(state, null, {
    kind: 'provider-registered',
    providerId: stored.id,
    owner: copyOwner(stored.owner),
    capabilityCount: capabilities.length,
  });
  return ok();
}
