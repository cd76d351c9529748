import {
  type CapabilityRequestKey,
  ConsumerBoundCapabilityRequest,
  type ProviderBoundCapabilityEffectEnvelope,
  ProviderBoundCapabilityRequest,
  ToolAuthorityEnvelope,
} from '@gate4agent/tool-protocol';
import { err, handOffChecked, type Result } from '@gate4agent/types';
import { KernelIntegrationError, KernelToolError } from '../errors.js';
import type {
  ToolAuthorityCommandOutcome,
  ToolCancelOutcome,
  ToolRequestOutcome,
} from './backend-ingress.js';
import type { KernelState } from './kernel-state.js';

type Decision = ToolRequestOutcome['result'];

function decide(
  state: KernelState,
  bound: ProviderBoundCapabilityRequest,
  toolLaneOpen: boolean,
): Decision {
  if (!toolLaneOpen) return err(KernelToolError.integrationBlocked());
  const binding = ProviderBoundCapabilityRequest.validateProviderBinding(bound);
  if (!binding.ok) return err(KernelToolError.validation(binding.error));
  const providerId = bound.request.request.providerId;
  if (state.toolEngine.providerExists(providerId)) {
    const current = state.providerBindings.get(providerId);
    if (current === undefined) return err(KernelToolError.providerUnavailable(providerId));
    if (bound.providerBindingId !== current) {
      return err(
        KernelToolError.providerBindingMismatch(providerId, current, bound.providerBindingId),
      );
    }
  }
  // An unregistered provider still reaches the engine, whose policy denies `unknown-provider`.
  // The request was checked (and copied) with the step input; the engine takes it as it is.
  handOffChecked(ConsumerBoundCapabilityRequest.codec, bound.request);
  const decided = state.toolEngine.request(bound.request);
  return decided.ok ? decided : err(KernelToolError.engine(decided.error));
}

/**
 * Admits one provider-bound tool request. The binding checks never touch the tool engine; the
 * accepted sequence is reported whenever the engine decided (allow, deny or approval).
 */
export function applyToolRequest(
  state: KernelState,
  bound: ProviderBoundCapabilityRequest,
  toolLaneOpen: boolean,
): ToolRequestOutcome {
  const requestKey = ProviderBoundCapabilityRequest.key(bound);
  const result = decide(state, bound, toolLaneOpen);
  const acceptedSequence = result.ok
    ? (state.toolEngine.requestSnapshot(requestKey)?.acceptedSequence ?? null)
    : null;
  return { requestKey, acceptedSequence, result };
}

/** Cancels one live request for its own client; refused only while the tool lane is blocked. */
export function applyToolCancel(
  state: KernelState,
  requestKey: CapabilityRequestKey,
  toolLaneOpen: boolean,
): ToolCancelOutcome {
  if (!toolLaneOpen) return { requestKey, result: err(KernelToolError.integrationBlocked()) };
  return { requestKey, result: { ok: true, value: state.toolEngine.cancelRequest(requestKey) } };
}

/** Applies one tool-authority command (grant, revoke, approval, client close). */
export function applyToolAuthority(
  state: KernelState,
  envelope: ToolAuthorityEnvelope,
  toolLaneOpen: boolean,
): ToolAuthorityCommandOutcome {
  let result: ToolAuthorityCommandOutcome['result'];
  if (!toolLaneOpen) result = err(KernelToolError.integrationBlocked());
  else {
    // The envelope was checked (and copied) with the step input; the engine takes it as it is.
    handOffChecked(ToolAuthorityEnvelope.codec, envelope);
    const applied = state.toolEngine.applyAuthority(envelope);
    result = applied.ok ? applied : err(KernelToolError.engine(applied.error));
  }
  return { sequence: envelope.sequence, result };
}

/**
 * Drains the tool engine's effects and binds each to its provider's current binding. If any
 * effect's provider is unbound, none of the drain is released.
 */
export function drainBoundToolEffects(
  state: KernelState,
): Result<ProviderBoundCapabilityEffectEnvelope[], KernelIntegrationError> {
  const bound: ProviderBoundCapabilityEffectEnvelope[] = [];
  for (const effect of state.toolEngine.drainEffects()) {
    const bindingId = state.providerBindings.get(effect.providerId);
    if (bindingId === undefined) {
      return err(
        KernelIntegrationError.toolEffectProviderUnbound(effect.operationId, effect.providerId),
      );
    }
    bound.push({ bindingId, effect });
  }
  return { ok: true, value: bound };
}
