import type { ProviderRuntimeCommandOutcome } from '@gate4agent/kernel';
import type { ProviderBinding } from './provider-binding.js';
import type { ProviderReceiptStatus } from './provider-receipt.js';
import type { ProviderRegistry } from './provider-registry.js';
import { sameRequestKey } from './same-request-key.js';

/**
 * Applies one kernel answer to a provider-runtime command: the receipt of a pending observation
 * (faulting the binding first when the status is a fault), then the lifecycle transition. An
 * answer for a binding that is not registered under that exact id is ignored.
 */
export function publishOutcome(
  registry: ProviderRegistry,
  outcome: ProviderRuntimeCommandOutcome,
): void {
  const binding = registry.bindings.get(outcome.providerId);
  if (binding === undefined || binding.bindingId !== outcome.bindingId) return;
  deliverReceipt(binding, outcome);
  if (applyTransition(binding, outcome)) {
    binding.retire();
    if (registry.isRegistered(binding)) registry.bindings.delete(binding.providerId);
  }
}

function deliverReceipt(binding: ProviderBinding, outcome: ProviderRuntimeCommandOutcome): void {
  const pending = binding.pendingObservations.get(outcome.sequence);
  if (pending === undefined) return;
  binding.pendingObservations.delete(outcome.sequence);
  const status = receiptStatus(outcome, pending.operationId, pending.requestKey);
  const healthy = status.kind === 'applied' || status.kind === 'ignored';
  if (healthy) {
    const operation = binding.operations.get(pending.operationId);
    if (operation !== undefined && sameRequestKey(operation.requestKey, pending.requestKey)) {
      operation.settled = true;
    }
  } else {
    // The fence must be in place before the provider can read the receipt and try again.
    binding.fault();
  }
  const sent = binding.receipts.trySend({
    sequence: outcome.sequence,
    operationId: pending.operationId,
    requestKey: pending.requestKey,
    status,
  });
  if (!sent.ok && healthy) binding.fault();
}

function receiptStatus(
  outcome: ProviderRuntimeCommandOutcome,
  operationId: number,
  requestKey: Parameters<typeof sameRequestKey>[0],
): ProviderReceiptStatus {
  const { result } = outcome;
  if (!result.ok) return { kind: 'rejected', error: result.error };
  const transition = result.value;
  if (
    (transition.kind === 'observation-applied' || transition.kind === 'observation-ignored') &&
    transition.operationId === operationId &&
    sameRequestKey(transition.requestKey, requestKey)
  ) {
    return transition.kind === 'observation-applied'
      ? { kind: 'applied' }
      : { kind: 'ignored', reason: transition.reason };
  }
  return { kind: 'contract-violation' };
}

/** Moves the lifecycle for this outcome; true when the binding must be retired and removed. */
function applyTransition(
  binding: ProviderBinding,
  outcome: ProviderRuntimeCommandOutcome,
): boolean {
  const lifecycle = binding.lifecycle;
  const { result, sequence } = outcome;
  switch (lifecycle.kind) {
    case 'attach-sent':
      if (lifecycle.sequence !== sequence) return false;
      if (result.ok && result.value.kind === 'attached') {
        binding.lifecycle = { kind: 'active' };
        return false;
      }
      return !result.ok;
    case 'closing-retry':
      // A handle may close before its attach is answered; a failed attach can never be detached.
      return !result.ok && sequence === binding.bindingId;
    case 'detach-sent':
      if (!result.ok && sequence === binding.bindingId) return true;
      if (lifecycle.sequence !== sequence) return false;
      if (result.ok) return result.value.kind === 'detached';
      if (
        result.error.kind === 'integration-blocked' ||
        result.error.kind === 'sequence-regressed'
      ) {
        binding.lifecycle = { kind: 'closing-retry', attachSequence: null };
        return false;
      }
      return true;
    default:
      return false;
  }
}
