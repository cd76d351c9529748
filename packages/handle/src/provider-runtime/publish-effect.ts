import type { ProviderBoundCapabilityEffectEnvelope } from '@gate4agent/tool-protocol';
import { acceptsWork } from './binding-lifecycle.js';
import { ProviderCancellation } from './contract/provider-cancellation.js';
import type { ProviderWork } from './contract/provider-work.js';
import type { ProviderBinding } from './provider-binding.js';
import type { ProviderEffectPublishReport } from './provider-effect-publish-report.js';
import { emptyProviderEffectPublishReport } from './provider-effect-publish-report.js';
import { ProviderInvocationTicket } from './provider-invocation-ticket.js';
import { ProviderOperation } from './provider-operation.js';
import type { ProviderRegistry } from './provider-registry.js';

function count(field: keyof ProviderEffectPublishReport): ProviderEffectPublishReport {
  const report = emptyProviderEffectPublishReport();
  report[field] = 1;
  return report;
}

/**
 * Turns one bound tool effect into work on its binding's queue. An invoke registers a new
 * operation; a cancel must name an existing operation exactly, whose flag is set **before** the
 * cancel is queued, so the provider sees the token flip no later than the cancel. A duplicate
 * invoke or an inexact cancel faults the binding; a full or abandoned queue fails it closed.
 */
export function publishEffect(
  registry: ProviderRegistry,
  bound: ProviderBoundCapabilityEffectEnvelope,
): ProviderEffectPublishReport {
  const binding = registry.bindings.get(bound.effect.providerId);
  if (binding === undefined || binding.bindingId !== bound.bindingId) return count('unbound');
  if (!acceptsWork(binding.lifecycle)) return count('disconnected');
  const work = buildWork(binding, bound);
  if (work === null) {
    binding.fault();
    return count('disconnected');
  }
  if (binding.work.senderClosed) {
    binding.fault();
    return count('disconnected');
  }
  const sent = binding.work.trySend(work);
  if (sent.ok) return count('delivered');
  failClosed(binding);
  return count(sent.error.kind === 'full' ? 'queueFull' : 'disconnected');
}

function buildWork(
  binding: ProviderBinding,
  bound: ProviderBoundCapabilityEffectEnvelope,
): ProviderWork | null {
  const { effect } = bound;
  const inner = effect.effect;
  if (inner.kind === 'invoke') {
    if (binding.operations.has(effect.operationId)) return null;
    const operation = new ProviderOperation(effect);
    binding.operations.set(effect.operationId, operation);
    return {
      kind: 'invoke',
      invocation: new ProviderInvocationTicket(binding, operation, bound.bindingId, effect, inner),
    };
  }
  const operation = binding.operations.get(effect.operationId);
  if (operation === undefined || !operation.matches(effect)) return null;
  operation.cancelled.cancel();
  binding.operations.delete(effect.operationId);
  return {
    kind: 'cancel',
    cancellation: new ProviderCancellation({
      bindingId: bound.bindingId,
      operationId: effect.operationId,
      requestKey: effect.requestKey,
      reason: inner.reason,
    }),
  };
}

function failClosed(binding: ProviderBinding): void {
  binding.cancelled.cancel();
  binding.lifecycle = { kind: 'closing-retry', attachSequence: null };
  binding.dropWorkSender();
  binding.cancelAllOperations();
}
