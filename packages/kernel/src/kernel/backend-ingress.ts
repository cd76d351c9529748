import type {
  CapabilityRequestKey,
  PolicyDecision,
  ProviderBindingId,
  ProviderBoundCapabilityRequest,
  ProviderRuntimeEnvelope,
  ToolAuthorityEnvelope,
  ToolAuthorityOutcome,
  ObservationIgnoredReason as ToolObservationIgnoredReason,
  ToolOperationId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { CommandEnvelope, CommandId, Result } from '@gate4agent/types';
import type { KernelCommandError, KernelProviderError, KernelToolError } from '../errors.js';

/** One item of a step's ordered ingress; each kind goes through its own lane. */
export type BackendIngress =
  | { readonly kind: 'control'; readonly command: CommandEnvelope }
  | { readonly kind: 'tool-request'; readonly request: ProviderBoundCapabilityRequest }
  | { readonly kind: 'tool-authority'; readonly envelope: ToolAuthorityEnvelope }
  | { readonly kind: 'tool-provider'; readonly envelope: ProviderRuntimeEnvelope }
  /** A client cancels one of its own requests (no upstream equivalent; see `ToolEngine.cancelRequest`). */
  | { readonly kind: 'tool-cancel'; readonly requestKey: CapabilityRequestKey };

/** What became of one control command. */
export interface CommandOutcome {
  readonly commandId: CommandId;
  readonly result: Result<void, KernelCommandError>;
}

/** What became of one tool request; `acceptedSequence` is set whenever the engine decided it. */
export interface ToolRequestOutcome {
  readonly requestKey: CapabilityRequestKey;
  readonly acceptedSequence: number | null;
  readonly result: Result<PolicyDecision, KernelToolError>;
}

/**
 * What became of one client cancel: `true` when a live request was cancelled, `false` when the
 * key named no live request (it had already ended). Its completion carries the real answer.
 */
export interface ToolCancelOutcome {
  readonly requestKey: CapabilityRequestKey;
  readonly result: Result<boolean, KernelToolError>;
}

/** What became of one tool-authority command, under its authority sequence. */
export interface ToolAuthorityCommandOutcome {
  readonly sequence: number;
  readonly result: Result<ToolAuthorityOutcome, KernelToolError>;
}

/** The transition a provider-runtime envelope made. */
export type ProviderRuntimeTransition =
  | { readonly kind: 'attached' }
  | { readonly kind: 'detached'; readonly closedRequestCount: number }
  | {
      readonly kind: 'observation-applied';
      readonly operationId: ToolOperationId;
      readonly requestKey: CapabilityRequestKey;
    }
  | {
      readonly kind: 'observation-ignored';
      readonly operationId: ToolOperationId;
      readonly requestKey: CapabilityRequestKey;
      readonly reason: ToolObservationIgnoredReason;
    };

/**
 * What became of one provider-runtime envelope. `bindingId` and `providerId` are copied from the
 * command (for `observe`, the provider of the observation).
 */
export interface ProviderRuntimeCommandOutcome {
  readonly sequence: number;
  readonly bindingId: ProviderBindingId;
  readonly providerId: ToolProviderId;
  readonly result: Result<ProviderRuntimeTransition, KernelProviderError>;
}

/** One outcome per ingress item, in ingress order, tagged like the item. */
export type BackendIngressOutcome =
  | { readonly kind: 'control'; readonly outcome: CommandOutcome }
  | { readonly kind: 'tool-request'; readonly outcome: ToolRequestOutcome }
  | { readonly kind: 'tool-authority'; readonly outcome: ToolAuthorityCommandOutcome }
  | { readonly kind: 'tool-provider'; readonly outcome: ProviderRuntimeCommandOutcome }
  | { readonly kind: 'tool-cancel'; readonly outcome: ToolCancelOutcome };
