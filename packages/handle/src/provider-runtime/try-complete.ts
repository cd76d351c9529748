import {
  CAPABILITY_PROTOCOL_VERSION,
  type CapabilityObservation,
  CapabilityObservationEnvelope,
  ProviderRuntimeEnvelope,
} from '@gate4agent/tool-protocol';
import { err, handOffChecked, ok, type Result } from '@gate4agent/types';
import { COUNTER_MAX } from '../constants.js';
import { acceptsWork } from './binding-lifecycle.js';
import type { ProviderInvocation } from './contract/provider-invocation.js';
import { ProviderRuntimeError } from './contract/provider-runtime-error.js';
import { checkObservation } from './is-valid-observation.js';
import type { ProviderBinding } from './provider-binding.js';
import { ProviderInvocationTicket } from './provider-invocation-ticket.js';

/**
 * Submits the terminal observation of `invocation` through `binding` and returns its
 * provider-runtime sequence. Checks run in the upstream order; on any error the ticket is not
 * consumed, so a `full` can be retried (and may get the same sequence).
 */
export function tryComplete(
  binding: ProviderBinding,
  invocation: ProviderInvocation,
  observation: CapabilityObservation,
): Result<number, ProviderRuntimeError> {
  const ticket = invocation instanceof ProviderInvocationTicket ? invocation : null;
  if (ticket?.submitted) return err(ProviderRuntimeError.alreadyCompleted());
  const checked = checkObservation(observation);
  if (checked === null) return err(ProviderRuntimeError.invalidObservation());
  if (ticket === null || ticket.binding !== binding || ticket.bindingId() !== binding.bindingId) {
    return err(ProviderRuntimeError.foreignInvocation());
  }
  const submitted = submitObservation(binding, ticket, checked);
  if (submitted.ok) ticket.submitted = true;
  return submitted;
}

function submitObservation(
  binding: ProviderBinding,
  ticket: ProviderInvocationTicket,
  observation: CapabilityObservation,
): Result<number, ProviderRuntimeError> {
  const registry = binding.registry;
  if (registry.closed) {
    binding.retire();
    return err(ProviderRuntimeError.disconnected());
  }
  if (registry.sequenceExhausted) return err(ProviderRuntimeError.counterExhausted());
  if (!registry.isRegistered(binding) || !acceptsWork(binding.lifecycle)) {
    return err(ProviderRuntimeError.inactive());
  }
  const sequence = registry.nextSequence;
  const { effect } = ticket;
  // Built from the checked observation and the kernel's own effect, so the kernel's step check
  // takes it as it is (checked once).
  const envelope: ProviderRuntimeEnvelope = {
    protocolVersion: CAPABILITY_PROTOCOL_VERSION,
    sequence,
    command: {
      kind: 'observe',
      bindingId: binding.bindingId,
      observation: CapabilityObservationEnvelope.of({
        protocolVersion: CAPABILITY_PROTOCOL_VERSION,
        operationId: effect.operationId,
        requestKey: effect.requestKey,
        instanceId: effect.instanceId,
        generation: effect.generation,
        providerId: effect.providerId,
        observation,
      }),
    },
  };
  handOffChecked(ProviderRuntimeEnvelope.codec, envelope);
  const sent = registry.send(envelope);
  if (!sent.ok) {
    if (sent.error.kind === 'disconnected') registry.closeAndRetireAll();
    return err(sent.error);
  }
  binding.pendingObservations.set(sequence, {
    operationId: effect.operationId,
    requestKey: effect.requestKey,
  });
  registry.commitSequence(sequence);
  if (sequence >= COUNTER_MAX) {
    // The last sequence was spent: no detach can follow, so fence the binding now.
    binding.cancelled.cancel();
    binding.lifecycle = { kind: 'closing-retry', attachSequence: null };
    binding.cancelAllOperations();
    binding.dropWorkSender();
  }
  return ok(sequence);
}
