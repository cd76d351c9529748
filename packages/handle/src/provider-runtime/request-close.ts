import { CAPABILITY_PROTOCOL_VERSION } from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import { closingRetry } from './binding-lifecycle.js';
import { ProviderRuntimeError } from './contract/provider-runtime-error.js';
import type { ProviderBinding } from './provider-binding.js';

/**
 * Fences the binding at once and asks, without blocking, for its canonical detach. Every
 * operation token flips first, even when the request then fails. A full ingress leaves the
 * binding closing; `drainIngress` retries it. Returns the detach sequence (the same one on a
 * repeated call while the detach is in flight).
 */
export function requestClose(binding: ProviderBinding): Result<number, ProviderRuntimeError> {
  binding.cancelled.cancel();
  binding.cancelAllOperations();
  const registry = binding.registry;
  if (registry.closed) {
    binding.retire();
    return err(ProviderRuntimeError.disconnected());
  }
  if (!registry.isRegistered(binding)) {
    binding.retire();
    return err(ProviderRuntimeError.inactive());
  }
  if (registry.sequenceExhausted) {
    if (binding.lifecycle.kind !== 'closed') {
      binding.lifecycle = closingRetry(binding.lifecycle);
      binding.dropWorkSender();
    }
    return err(ProviderRuntimeError.counterExhausted());
  }
  if (binding.lifecycle.kind === 'detach-sent') return ok(binding.lifecycle.sequence);
  if (binding.lifecycle.kind === 'closed') return err(ProviderRuntimeError.inactive());

  const sequence = registry.nextSequence;
  const sent = registry.send({
    protocolVersion: CAPABILITY_PROTOCOL_VERSION,
    sequence,
    command: { kind: 'detach', bindingId: binding.bindingId, providerId: binding.providerId },
  });
  if (sent.ok) {
    registry.commitSequence(sequence);
    binding.lifecycle = { kind: 'detach-sent', sequence };
    binding.dropWorkSender();
    return ok(sequence);
  }
  if (sent.error.kind === 'full') {
    binding.lifecycle = closingRetry(binding.lifecycle);
    binding.dropWorkSender();
    return err(sent.error);
  }
  registry.closeAndRetireAll();
  return err(sent.error);
}
