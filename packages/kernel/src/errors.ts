// The kernel's error unions, one per upstream enum, each variant built by one factory whose
// message is plain English (decision 18): what happened, with the values, and what to do.
// `logical-tick-exhausted` keeps the upstream wording: a ported upstream test compares it.

import type { ToolEngineError } from '@gate4agent/tool-engine';
import type {
  ProviderBindingId,
  ToolOperationId,
  ToolProviderId,
  ToolValidationError,
} from '@gate4agent/tool-protocol';
import type {
  AgentId,
  AgentInstanceId,
  ControlError,
  ControlHealth,
  TransportKind,
} from '@gate4agent/types';

const RESTART = 'restart the kernel (no further ones can be issued)';
const BLOCKED = "read the step's integration errors for the cause, then restart the kernel";

function describeHealth(health: ControlHealth): string {
  const exhausted = [
    health.operationIdExhausted ? 'operation ids' : null,
    health.eventSequenceExhausted ? 'event sequences' : null,
    health.revisionExhausted ? 'snapshot revisions' : null,
  ].filter((name) => name !== null);
  return (
    `${exhausted.length === 0 ? 'none of operation ids, event sequences or revisions' : exhausted.join(', ')}; ` +
    `${health.providerSequenceExhaustedSessions} sessions out of provider sequences; ` +
    `${health.retainedInstanceIdentities} of ${health.retainedInstanceIdentityCapacity} instance identities retained`
  );
}

/** A failure of the step's integration between the control engine and the tool engine. */
export type KernelIntegrationError =
  | {
      readonly kind: 'logical-tick-exhausted';
      readonly currentTick: number;
      readonly message: string;
    }
  | {
      readonly kind: 'backend-revision-exhausted';
      readonly currentRevision: number;
      readonly message: string;
    }
  | {
      readonly kind: 'control-health-exhausted';
      readonly health: ControlHealth;
      readonly message: string;
    }
  | {
      readonly kind: 'control-observation';
      readonly instanceId: AgentInstanceId;
      readonly source: ControlError;
      readonly message: string;
    }
  | { readonly kind: 'tool-clock'; readonly source: ToolEngineError; readonly message: string }
  | {
      readonly kind: 'tool-instance-sync';
      readonly instanceId: AgentInstanceId;
      readonly source: ToolEngineError;
      readonly message: string;
    }
  | {
      readonly kind: 'tool-effect-provider-unbound';
      readonly operationId: ToolOperationId;
      readonly providerId: ToolProviderId;
      readonly message: string;
    };

/** Factories of {@link KernelIntegrationError}. */
export const KernelIntegrationError = {
  logicalTickExhausted: (currentTick: number): KernelIntegrationError => ({
    kind: 'logical-tick-exhausted',
    currentTick,
    message: `kernel logical tick exhausted at ${currentTick}`,
  }),
  backendRevisionExhausted: (currentRevision: number): KernelIntegrationError => ({
    kind: 'backend-revision-exhausted',
    currentRevision,
    message: `kernel snapshot revision exhausted at ${currentRevision}; ${RESTART}`,
  }),
  controlHealthExhausted: (health: ControlHealth): KernelIntegrationError => ({
    kind: 'control-health-exhausted',
    health,
    message: `control engine exhausted a counter (${describeHealth(health)}); ${RESTART}`,
  }),
  controlObservation: (
    instanceId: AgentInstanceId,
    source: ControlError,
  ): KernelIntegrationError => ({
    kind: 'control-observation',
    instanceId,
    source,
    message: `control observation for agent instance ${instanceId} failed: ${source.message}`,
  }),
  toolClock: (source: ToolEngineError): KernelIntegrationError => ({
    kind: 'tool-clock',
    source,
    message: `tool clock advance failed: ${source.message}`,
  }),
  toolInstanceSync: (
    instanceId: AgentInstanceId,
    source: ToolEngineError,
  ): KernelIntegrationError => ({
    kind: 'tool-instance-sync',
    instanceId,
    source,
    message: `tool instance sync failed for instance ${instanceId}: ${source.message}`,
  }),
  toolEffectProviderUnbound: (
    operationId: ToolOperationId,
    providerId: ToolProviderId,
  ): KernelIntegrationError => ({
    kind: 'tool-effect-provider-unbound',
    operationId,
    providerId,
    message: `tool effect ${operationId} targets provider '${providerId}', which has no active runtime binding; attach a runtime for '${providerId}'`,
  }),
};

/** Why the kernel refused a control command. */
export type KernelCommandError =
  | {
      readonly kind: 'integration-blocked';
      readonly reason: KernelIntegrationError;
      readonly message: string;
    }
  | { readonly kind: 'unknown-agent'; readonly agentId: AgentId; readonly message: string }
  | {
      readonly kind: 'unsupported-transport';
      readonly agentId: AgentId;
      readonly transport: TransportKind;
      readonly message: string;
    }
  | { readonly kind: 'control'; readonly error: ControlError; readonly message: string };

/** Factories of {@link KernelCommandError}. */
export const KernelCommandError = {
  integrationBlocked: (reason: KernelIntegrationError): KernelCommandError => ({
    kind: 'integration-blocked',
    reason,
    message: `kernel control plane is blocked: ${reason.message}`,
  }),
  unknownAgent: (agentId: AgentId): KernelCommandError => ({
    kind: 'unknown-agent',
    agentId,
    message: `agent '${agentId}' is not in the kernel catalog; use an agent the catalog lists or add its spec`,
  }),
  unsupportedTransport: (agentId: AgentId, transport: TransportKind): KernelCommandError => ({
    kind: 'unsupported-transport',
    agentId,
    transport,
    message: `agent '${agentId}' does not support transport ${transport}; choose a transport the agent declares`,
  }),
  control: (error: ControlError): KernelCommandError => ({
    kind: 'control',
    error,
    message: error.message,
  }),
};

/** Why the kernel refused a tool request or a tool-authority command. */
export type KernelToolError =
  | { readonly kind: 'engine'; readonly error: ToolEngineError; readonly message: string }
  | { readonly kind: 'validation'; readonly error: ToolValidationError; readonly message: string }
  | {
      readonly kind: 'provider-unavailable';
      readonly providerId: ToolProviderId;
      readonly message: string;
    }
  | {
      readonly kind: 'provider-binding-mismatch';
      readonly providerId: ToolProviderId;
      readonly current: ProviderBindingId;
      readonly requested: ProviderBindingId | null;
      readonly message: string;
    }
  | { readonly kind: 'integration-blocked'; readonly message: string };

/** Factories of {@link KernelToolError}. */
export const KernelToolError = {
  engine: (error: ToolEngineError): KernelToolError => ({
    kind: 'engine',
    error,
    message: error.message,
  }),
  validation: (error: ToolValidationError): KernelToolError => ({
    kind: 'validation',
    error,
    message: error.message,
  }),
  providerUnavailable: (providerId: ToolProviderId): KernelToolError => ({
    kind: 'provider-unavailable',
    providerId,
    message: `tool provider '${providerId}' has no active runtime binding; install or attach its runtime first`,
  }),
  providerBindingMismatch: (
    providerId: ToolProviderId,
    current: ProviderBindingId,
    requested: ProviderBindingId | null,
  ): KernelToolError => ({
    kind: 'provider-binding-mismatch',
    providerId,
    current,
    requested,
    message: `tool request targets provider '${providerId}' binding ${requested ?? 'none'}, but the current binding is ${current}; use binding ${current}`,
  }),
  integrationBlocked: (): KernelToolError => ({
    kind: 'integration-blocked',
    message: `tool lane is blocked by a control/tool integration failure; ${BLOCKED}`,
  }),
};

/** Why the kernel refused a provider-runtime envelope (attach, detach, observe). */
export type KernelProviderError =
  | { readonly kind: 'validation'; readonly error: ToolValidationError; readonly message: string }
  | { readonly kind: 'sequence-exhausted'; readonly message: string }
  | {
      readonly kind: 'sequence-regressed';
      readonly current: number;
      readonly requested: number;
      readonly message: string;
    }
  | {
      readonly kind: 'unknown-provider';
      readonly providerId: ToolProviderId;
      readonly message: string;
    }
  | {
      readonly kind: 'invalid-attach-binding';
      readonly sequence: number;
      readonly bindingId: ProviderBindingId;
      readonly message: string;
    }
  | {
      readonly kind: 'already-attached';
      readonly providerId: ToolProviderId;
      readonly bindingId: ProviderBindingId;
      readonly message: string;
    }
  | { readonly kind: 'not-attached'; readonly providerId: ToolProviderId; readonly message: string }
  | {
      readonly kind: 'binding-mismatch';
      readonly providerId: ToolProviderId;
      readonly current: ProviderBindingId;
      readonly requested: ProviderBindingId;
      readonly message: string;
    }
  | { readonly kind: 'engine'; readonly error: ToolEngineError; readonly message: string }
  | { readonly kind: 'integration-blocked'; readonly message: string };

/** Factories of {@link KernelProviderError}. */
export const KernelProviderError = {
  validation: (error: ToolValidationError): KernelProviderError => ({
    kind: 'validation',
    error,
    message: error.message,
  }),
  sequenceExhausted: (): KernelProviderError => ({
    kind: 'sequence-exhausted',
    message: `tool provider runtime sequences are exhausted; ${RESTART}`,
  }),
  sequenceRegressed: (current: number, requested: number): KernelProviderError => ({
    kind: 'sequence-regressed',
    current,
    requested,
    message: `tool provider runtime sequence regressed from ${current} to ${requested}; send a sequence above ${current}`,
  }),
  unknownProvider: (providerId: ToolProviderId): KernelProviderError => ({
    kind: 'unknown-provider',
    providerId,
    message: `tool provider '${providerId}' is not registered; register it with the kernel's tool providers first`,
  }),
  invalidAttachBinding: (sequence: number, bindingId: ProviderBindingId): KernelProviderError => ({
    kind: 'invalid-attach-binding',
    sequence,
    bindingId,
    message: `attach binding ${bindingId} must equal provider runtime sequence ${sequence}; use binding ${sequence}`,
  }),
  alreadyAttached: (
    providerId: ToolProviderId,
    bindingId: ProviderBindingId,
  ): KernelProviderError => ({
    kind: 'already-attached',
    providerId,
    bindingId,
    message: `tool provider '${providerId}' is already attached as binding ${bindingId}; detach it first`,
  }),
  notAttached: (providerId: ToolProviderId): KernelProviderError => ({
    kind: 'not-attached',
    providerId,
    message: `tool provider '${providerId}' has no active runtime binding; attach it first`,
  }),
  bindingMismatch: (
    providerId: ToolProviderId,
    current: ProviderBindingId,
    requested: ProviderBindingId,
  ): KernelProviderError => ({
    kind: 'binding-mismatch',
    providerId,
    current,
    requested,
    message: `tool provider '${providerId}' is attached as binding ${current}, not ${requested}; use binding ${current}`,
  }),
  engine: (error: ToolEngineError): KernelProviderError => ({
    kind: 'engine',
    error,
    message: error.message,
  }),
  integrationBlocked: (): KernelProviderError => ({
    kind: 'integration-blocked',
    message: `tool provider lane is blocked by a control/tool integration failure; ${BLOCKED}`,
  }),
};

/** @deprecated use {@link KernelIntegrationError} (one error-factory naming, CONTRIBUTING.md). */
export const KernelIntegrationErrors = KernelIntegrationError;

/** @deprecated use {@link KernelCommandError} (one error-factory naming, CONTRIBUTING.md). */
export const KernelCommandErrors = KernelCommandError;

/** @deprecated use {@link KernelToolError} (one error-factory naming, CONTRIBUTING.md). */
export const KernelToolErrors = KernelToolError;

/** @deprecated use {@link KernelProviderError} (one error-factory naming, CONTRIBUTING.md). */
export const KernelProviderErrors = KernelProviderError;
