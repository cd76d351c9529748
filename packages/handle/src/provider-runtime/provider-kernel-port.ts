import type { BackendIngress, ProviderRuntimeCommandOutcome } from '@gate4agent/kernel';
import type {
  ProviderBindingId,
  ProviderBoundCapabilityEffectEnvelope,
  ProviderRuntimeSnapshot,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { BoundedQueue } from '../queue/bounded-queue.js';
import type { ProviderEffectPublishReport } from './provider-effect-publish-report.js';
import { ProviderRegistry } from './provider-registry.js';
import { ProviderRuntimeAuthorityHandle } from './provider-runtime-authority-handle.js';
import { publishEffect } from './publish-effect.js';
import { publishOutcome } from './publish-outcome.js';
import { reconcileSnapshot } from './reconcile-snapshot.js';
import { requestClose } from './request-close.js';

/**
 * The kernel-loop side of the provider-runtime registry (Rust `ProviderRuntimePort`, crate
 * private). `ControlPlaneKernelPort` drives it; it is exported only through the test seams.
 */
export class ProviderKernelPort {
  /** @internal */
  readonly registry: ProviderRegistry;

  constructor(ingress: BoundedQueue<BackendIngress>) {
    this.registry = new ProviderRegistry(ingress);
  }

  /** A new authority handle on this registry. */
  authorityHandle(): ProviderRuntimeAuthorityHandle {
    return new ProviderRuntimeAuthorityHandle(this.registry);
  }

  /** Re-sends the detach of every binding waiting to retry, in ascending provider-id order. */
  flushClosingBindings(): void {
    for (const binding of this.registry.sortedBindings()) {
      if (binding.lifecycle.kind === 'closing-retry') requestClose(binding);
    }
  }

  /** Whether some binding waits to retry its detach (the next `flushClosingBindings` sends it). */
  hasClosingRetry(): boolean {
    for (const binding of this.registry.sortedBindings()) {
      if (binding.lifecycle.kind === 'closing-retry') return true;
    }
    return false;
  }

  /** Applies one kernel provider outcome: receipt first, then the lifecycle transition. */
  publishOutcome(outcome: ProviderRuntimeCommandOutcome): void {
    publishOutcome(this.registry, outcome);
  }

  /** Queues one bound effect as provider work. */
  publishEffect(bound: ProviderBoundCapabilityEffectEnvelope): ProviderEffectPublishReport {
    return publishEffect(this.registry, bound);
  }

  /** Prunes the operations settled by an applied or ignored receipt. */
  finishStep(): void {
    for (const binding of this.registry.sortedBindings()) {
      for (const [operationId, operation] of binding.operations) {
        if (operation.settled) binding.operations.delete(operationId);
      }
    }
  }

  /** Aligns the registry with the kernel's canonical provider-runtime snapshot. */
  reconcileSnapshot(snapshot: ProviderRuntimeSnapshot): void {
    reconcileSnapshot(this.registry, snapshot);
  }

  /** Bindings whose lifecycle is exactly active, in ascending provider-id order. */
  activeBindings(): Map<ToolProviderId, ProviderBindingId> {
    const active = new Map<ToolProviderId, ProviderBindingId>();
    for (const binding of this.registry.sortedBindings()) {
      if (binding.lifecycle.kind === 'active') active.set(binding.providerId, binding.bindingId);
    }
    return active;
  }

  /** Closes the registry and retires every binding (Rust: dropping the port). Idempotent. */
  dispose(): void {
    this.registry.closeAndRetireAll();
  }
}
