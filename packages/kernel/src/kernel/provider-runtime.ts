// The provider-binding table: attach / detach / observe envelopes under one shared, strictly
// increasing provider-runtime sequence. A binding id must equal its attach sequence, so binding
// ids grow and are never reused.
import {
  CapabilityObservationEnvelope,
  type ProviderBindingId,
  type ProviderRuntimeCommand,
  ProviderRuntimeEnvelope,
  type ProviderRuntimeSnapshot,
  type ToolProviderId,
} from '@gate4agent/tool-protocol';
import { err, handOffChecked, ok, type Result } from '@gate4agent/types';
import { COUNTER_MAX } from '../constants.js';
import { KernelProviderError } from '../errors.js';
import type {
  ProviderRuntimeCommandOutcome,
  ProviderRuntimeTransition,
} from './backend-ingress.js';
import { type KernelState, sortedProviderIds } from './kernel-state.js';

type Transition = Result<ProviderRuntimeTransition, KernelProviderError>;

/** The binding and provider an envelope names (for `observe`, the observation's provider). */
export function providerRuntimeSubject(command: ProviderRuntimeCommand): {
  bindingId: ProviderBindingId;
  providerId: ToolProviderId;
} {
  return command.kind === 'observe'
    ? { bindingId: command.bindingId, providerId: command.observation.providerId }
    : { bindingId: command.bindingId, providerId: command.providerId };
}

function requireBinding(
  state: KernelState,
  providerId: ToolProviderId,
  requested: ProviderBindingId,
): KernelProviderError | null {
  const current = state.providerBindings.get(providerId);
  if (current === undefined) return KernelProviderError.notAttached(providerId);
  if (current !== requested)
    return KernelProviderError.bindingMismatch(providerId, current, requested);
  return null;
}

function reduceCommand(
  state: KernelState,
  sequence: number,
  command: ProviderRuntimeCommand,
): Transition {
  const { toolEngine, providerBindings } = state;
  if (command.kind === 'attach') {
    const { bindingId, providerId } = command;
    if (bindingId !== sequence)
      return err(KernelProviderError.invalidAttachBinding(sequence, bindingId));
    if (!toolEngine.providerExists(providerId))
      return err(KernelProviderError.unknownProvider(providerId));
    const current = providerBindings.get(providerId);
    if (current !== undefined) return err(KernelProviderError.alreadyAttached(providerId, current));
    providerBindings.set(providerId, bindingId);
    return ok({ kind: 'attached' });
  }
  if (command.kind === 'detach') {
    const { bindingId, providerId } = command;
    if (!toolEngine.providerExists(providerId))
      return err(KernelProviderError.unknownProvider(providerId));
    const bindingError = requireBinding(state, providerId, bindingId);
    if (bindingError !== null) return err(bindingError);
    const closed = toolEngine.detachProviderRuntime(providerId);
    if (!closed.ok) return err(KernelProviderError.engine(closed.error));
    providerBindings.delete(providerId);
    return ok({ kind: 'detached', closedRequestCount: closed.value });
  }
  const { observation } = command;
  const providerId = observation.providerId;
  if (!toolEngine.providerExists(providerId))
    return err(KernelProviderError.unknownProvider(providerId));
  const bindingError = requireBinding(state, providerId, command.bindingId);
  if (bindingError !== null) return err(bindingError);
  const { operationId, requestKey } = observation;
  // The observation was checked (and copied) with the step input; the engine takes it as it is.
  handOffChecked(CapabilityObservationEnvelope.codec, observation);
  const disposition = toolEngine.applyObservation(observation);
  if (!disposition.ok) return err(KernelProviderError.engine(disposition.error));
  return ok(
    disposition.value.kind === 'applied'
      ? { kind: 'observation-applied', operationId, requestKey }
      : { kind: 'observation-ignored', operationId, requestKey, reason: disposition.value.reason },
  );
}

function reduceEnvelope(
  state: KernelState,
  envelope: ProviderRuntimeEnvelope,
  toolLaneOpen: boolean,
): Transition {
  const valid = ProviderRuntimeEnvelope.validate(envelope);
  if (!valid.ok) return err(KernelProviderError.validation(valid.error));
  if (state.providerSequenceExhausted) return err(KernelProviderError.sequenceExhausted());
  if (envelope.sequence <= state.lastProviderSequence) {
    return err(
      KernelProviderError.sequenceRegressed(state.lastProviderSequence, envelope.sequence),
    );
  }
  // From here the sequence stays consumed, whatever the command's result.
  state.lastProviderSequence = envelope.sequence;
  if (envelope.sequence === COUNTER_MAX) state.providerSequenceExhausted = true;
  if (!toolLaneOpen) return err(KernelProviderError.integrationBlocked());
  return reduceCommand(state, envelope.sequence, envelope.command);
}

/**
 * Reduces one provider-runtime envelope. Once the sequence is exhausted every binding is
 * detached in the same item (ascending provider id); a failure there replaces the result.
 */
export function applyProviderRuntime(
  state: KernelState,
  envelope: ProviderRuntimeEnvelope,
  toolLaneOpen: boolean,
): ProviderRuntimeCommandOutcome {
  const { bindingId, providerId } = providerRuntimeSubject(envelope.command);
  let result = reduceEnvelope(state, envelope, toolLaneOpen);
  if (state.providerSequenceExhausted) {
    for (const bound of sortedProviderIds(state.providerBindings)) {
      const detached = state.toolEngine.detachProviderRuntime(bound);
      if (!detached.ok) {
        result = err(KernelProviderError.engine(detached.error));
        break;
      }
      state.providerBindings.delete(bound);
    }
  }
  return { sequence: envelope.sequence, bindingId, providerId, result };
}

/** The binding table as snapshot data, bindings in ascending provider id. */
export function providerRuntimeSnapshot(state: KernelState): ProviderRuntimeSnapshot {
  return {
    lastSequence: state.lastProviderSequence,
    sequenceExhausted: state.providerSequenceExhausted,
    bindings: sortedProviderIds(state.providerBindings).map((providerId) => ({
      bindingId: state.providerBindings.get(providerId)!,
      providerId,
    })),
  };
}
