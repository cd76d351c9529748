import {
  CAPABILITY_PROTOCOL_VERSION,
  ProviderBindingId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, Gate4AgentError, ok } from '@gate4agent/types';
import { MAX_PROVIDER_RUNTIMES } from '../constants.js';
import { boundedEffectCapacity } from '../queue/clamp-capacity.js';
import { ProviderRuntimeError } from './contract/provider-runtime-error.js';
import { ProviderBinding } from './provider-binding.js';
import type { ProviderRegistry } from './provider-registry.js';
import { ProviderRuntimeHandle } from './provider-runtime-handle.js';

let readAuthorityRegistryOf: (handle: ProviderRuntimeAuthorityHandle) => ProviderRegistry;

/**
 * The trusted authority that reserves provider binding ids and attaches one local runtime per
 * provider. Only the owner of the kernel port can obtain one (`port.providerAuthority()`).
 */
export class ProviderRuntimeAuthorityHandle {
  readonly #registry: ProviderRegistry;

  static {
    readAuthorityRegistryOf = (handle) => handle.#registry;
  }

  /** @internal obtained from `ControlPlaneKernelPort.providerAuthority()`. */
  constructor(registry: ProviderRegistry) {
    this.#registry = registry;
  }

  /** Another handle on the same registry (Rust `Clone`). */
  clone(): ProviderRuntimeAuthorityHandle {
    return new ProviderRuntimeAuthorityHandle(this.#registry);
  }

  /**
   * Reserves the next provider-runtime sequence as the binding id and enqueues the attach. The
   * runtime reads `attaching` until the kernel's answer is published. `effectCapacity` is
   * clamped to `[1, MAX_PROVIDER_EFFECT_CAPACITY]`. Nothing is registered or consumed on error.
   */
  bindProvider(
    providerId: ToolProviderId,
    effectCapacity: number,
  ): Result<ProviderRuntimeHandle, ProviderRuntimeError> {
    if (!ToolProviderId.is(providerId)) {
      throw new Gate4AgentError(
        'invalid-argument',
        `bindProvider needs a ToolProviderId; build it with ToolProviderId.tryNew (got ${JSON.stringify(providerId)})`,
      );
    }
    const registry = this.#registry;
    if (registry.closed) return err(ProviderRuntimeError.disconnected());
    if (registry.sequenceExhausted) return err(ProviderRuntimeError.counterExhausted());
    if (registry.bindings.size >= MAX_PROVIDER_RUNTIMES) {
      return err(ProviderRuntimeError.capacityExceeded());
    }
    if (registry.bindings.has(providerId) || registry.foreignBindings.has(providerId)) {
      return err(ProviderRuntimeError.alreadyBound());
    }
    const sequence = registry.nextSequence;
    const bindingId = ProviderBindingId.of(sequence);
    const binding = new ProviderBinding(
      registry,
      providerId,
      bindingId,
      boundedEffectCapacity(effectCapacity),
    );
    const sent = registry.send({
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      sequence,
      command: { kind: 'attach', bindingId, providerId },
    });
    if (!sent.ok) {
      if (sent.error.kind === 'disconnected') registry.closeAndRetireAll(binding);
      return err(sent.error);
    }
    registry.commitSequence(sequence);
    registry.bindings.set(providerId, binding);
    return ok(new ProviderRuntimeHandle(binding));
  }

  /** Bindings whose lifecycle is exactly active (quiescing ones are not counted). */
  activeBindingCount(): number {
    let count = 0;
    for (const binding of this.#registry.bindings.values()) {
      if (binding.lifecycle.kind === 'active') count += 1;
    }
    return count;
  }

  /** Whether the shared provider-runtime sequence has been used up. */
  sequenceExhausted(): boolean {
    return this.#registry.sequenceExhausted;
  }
}

/**
 * Internal accessor and test seam, not exported by the package (CONTRIBUTING.md, "Test seams"):
 * the registry behind an authority handle.
 */
export function authorityRegistryOf(handle: ProviderRuntimeAuthorityHandle): ProviderRegistry {
  return readAuthorityRegistryOf(handle);
}
