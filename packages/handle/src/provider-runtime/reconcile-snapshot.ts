import type {
  ProviderBindingId,
  ProviderRuntimeSnapshot,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { COUNTER_MAX } from '../constants.js';
import type { BindingLifecycle } from './binding-lifecycle.js';
import type { ProviderBinding } from './provider-binding.js';
import type { ProviderRegistry } from './provider-registry.js';

/** Whether the kernel has already reduced the command this lifecycle is waiting on. */
function commandWasReduced(lifecycle: BindingLifecycle, lastSequence: number): boolean {
  switch (lifecycle.kind) {
    case 'attach-sent':
    case 'detach-sent':
      return lastSequence >= lifecycle.sequence;
    case 'closing-retry':
      return lifecycle.attachSequence === null || lastSequence >= lifecycle.attachSequence;
    default:
      return true;
  }
}

/**
 * Aligns the registry with the kernel's canonical provider-runtime snapshot: the shared
 * sequence only moves forward, local bindings the kernel no longer knows (once their pending
 * command was reduced) are retired, and canonical bindings no local handle owns are quarantined
 * as foreign until the kernel shows them gone.
 */
export function reconcileSnapshot(
  registry: ProviderRegistry,
  snapshot: ProviderRuntimeSnapshot,
): void {
  if (registry.closed) return;
  const canonical = new Map<ToolProviderId, ProviderBindingId>();
  for (const entry of snapshot.bindings) canonical.set(entry.providerId, entry.bindingId);

  registry.sequenceExhausted ||= snapshot.sequenceExhausted;
  if (!registry.sequenceExhausted && snapshot.lastSequence >= registry.nextSequence) {
    if (snapshot.lastSequence >= COUNTER_MAX) registry.sequenceExhausted = true;
    else registry.nextSequence = snapshot.lastSequence + 1;
  }
  registry.foreignBindings.clear();

  const retired: ProviderBinding[] = [];
  for (const binding of registry.sortedBindings()) {
    const exact = canonical.get(binding.providerId) === binding.bindingId;
    const reduced = commandWasReduced(binding.lifecycle, snapshot.lastSequence);
    if (snapshot.sequenceExhausted || (!exact && reduced)) {
      registry.bindings.delete(binding.providerId);
      retired.push(binding);
    }
  }
  for (const [providerId, bindingId] of canonical) {
    if (registry.bindings.get(providerId)?.bindingId !== bindingId) {
      registry.foreignBindings.set(providerId, bindingId);
    }
  }
  for (const binding of retired) binding.retire();
}
