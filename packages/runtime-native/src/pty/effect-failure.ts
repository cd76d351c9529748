import type {
  ControlEffect,
  ControlObservation,
  EffectEnvelope,
  ObservationEnvelope,
} from '@gate4agent/types';
import { CONTROL_PROTOCOL_VERSION } from '@gate4agent/types';

/** The failure observation that answers `effect` (spawn → spawn-failed, stop → stop-failed, …). */
export function effectFailure(effect: ControlEffect, message: string): ControlObservation {
  switch (effect.kind) {
    case 'spawn':
      return { kind: 'spawn-failed', message };
    case 'stop':
      return { kind: 'stop-failed', message };
    case 'write-input':
    case 'submit-prompt':
    case 'interrupt':
      return { kind: 'input-failed', message };
    case 'resolve-interaction':
      return {
        kind: 'interaction-resolution-failed',
        interactionId: effect.target.interactionId,
        message,
      };
    case 'resize':
      return { kind: 'resize-failed', message };
    case 'observe-foreground':
      return { kind: 'foreground-failed', message };
  }
}

/** `observation` stamped with the effect's operation, instance and generation. */
export function completionObservation(
  effect: EffectEnvelope,
  observation: ControlObservation,
): ObservationEnvelope {
  return {
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId: effect.operationId,
    instanceId: effect.instanceId,
    generation: effect.generation,
    observation,
  };
}

/** The failure envelope of an effect that could not be executed (upstream `effect_failure`). */
export function effectFailureEnvelope(
  effect: EffectEnvelope,
  message: string,
): ObservationEnvelope {
  return completionObservation(effect, effectFailure(effect.effect, message));
}
