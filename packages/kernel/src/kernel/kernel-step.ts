import type {
  CapabilityCompletionBatch,
  ProviderBoundCapabilityEffectEnvelope,
  ProviderRuntimeSnapshot,
  ToolEngineSnapshot,
} from '@gate4agent/tool-protocol';
import type { ControlEvent, ControlSnapshot, EffectEnvelope } from '@gate4agent/types';
import type { KernelIntegrationError } from '../errors.js';
import type { BackendIngressOutcome, CommandOutcome } from './backend-ingress.js';

/** The combined, atomic view of the kernel after a step. */
export interface BackendSnapshot {
  /** +1 per non-blocked step. */
  readonly revision: number;
  /** +1 per non-blocked step; tool deadlines count these ticks. */
  readonly logicalTick: number;
  readonly control: ControlSnapshot;
  readonly tools: ToolEngineSnapshot;
  /** The provider-binding table, bindings in ascending provider id. */
  readonly providerRuntime: ProviderRuntimeSnapshot;
}

/** Everything one `stepControlPlane` produced, as plain data. */
export interface KernelStep {
  /** The outcomes of the control items only, in ingress order. */
  readonly commandOutcomes: CommandOutcome[];
  /** Control effects for the runtime's workers, in emission order. */
  readonly effects: EffectEnvelope[];
  /** `backendSnapshot.control`. */
  readonly snapshot: ControlSnapshot;
  /** Control events, drained after the snapshot was built. */
  readonly events: ControlEvent[];
  /** One outcome per ingress item, in ingress order. */
  readonly ingressOutcomes: BackendIngressOutcome[];
  /** Tool effects, each bound to its provider's current binding. */
  readonly toolEffects: ProviderBoundCapabilityEffectEnvelope[];
  readonly toolCompletions: CapabilityCompletionBatch;
  readonly backendSnapshot: BackendSnapshot;
  /** Integration failures in the order they were recorded. */
  readonly integrationErrors: KernelIntegrationError[];
}
