// ToolEngineError: the one error union of the engine. Messages keep the upstream rendering,
// "tool engine rejected transition: " followed by the Rust Debug form of the variant.
import type {
  CapabilityRequestKey,
  ConsumerId,
  ToolActorId,
  ToolCapabilityId,
  ToolProviderId,
  ToolValidationError,
} from '@gate4agent/tool-protocol';
import type { AgentInstanceId, SchemaViolation, SessionGeneration } from '@gate4agent/types';

/** The shape every variant shares: its kebab-case `kind`, its fields and a readable `message`. */
type EngineError<K extends string, F extends object = object> = Readonly<F> & {
  readonly kind: K;
  readonly message: string;
};

/** An input failed the protocol's validation; nothing was recorded. */
export type ValidationEngineError = EngineError<
  'validation',
  {
    /** The protocol's validation error. */
    error: ToolValidationError;
  }
>;

/**
 * An argument does not have the shape its type promises (a NaN tick, bytes given as a number
 * array, an unknown union member, …); checked with the compiled schema before anything else.
 */
export type InvalidInputError = EngineError<
  'invalid-input',
  {
    /** The `ToolEngine` method that refused the call. */
    method: string;
    /** The first offending field of the argument. */
    violation: SchemaViolation;
  }
>;

/** A provider with this id is already registered. */
export type DuplicateProviderError = EngineError<
  'duplicate-provider',
  { providerId: ToolProviderId }
>;

/** A runtime detach named a provider that was never registered. */
export type UnknownRuntimeProviderError = EngineError<
  'unknown-runtime-provider',
  { providerId: ToolProviderId }
>;

/** A live (non-terminal) request already uses this key. */
export type DuplicateRequestError = EngineError<
  'duplicate-request',
  { requestKey: CapabilityRequestKey }
>;

/** `TOOL_PROVIDERS_MAX` providers are already registered. */
export type ProviderCapacityExceededError = EngineError<'provider-capacity-exceeded'>;

/** The grant table already holds `TOOL_POLICIES_MAX` grants. */
export type PolicyCapacityExceededError = EngineError<'policy-capacity-exceeded'>;

/** `TOOL_REQUESTS_MAX` records exist and none is terminal (so none can be evicted). */
export type RequestCapacityExceededError = EngineError<'request-capacity-exceeded'>;

/** The (consumer, actor) client already has `max` live requests. */
export type ClientRequestCapacityExceededError = EngineError<
  'client-request-capacity-exceeded',
  { consumerId: ConsumerId; actorId: ToolActorId; max: number }
>;

/** The effect queue has no room for the invoke this transition must emit. */
export type EffectCapacityExceededError = EngineError<'effect-capacity-exceeded'>;

/** The effect sequence is exhausted; no invoke can be emitted any more. */
export type EffectSequenceExhaustedError = EngineError<'effect-sequence-exhausted'>;

/** A grant names a provider that is not registered. */
export type UnknownPolicyProviderError = EngineError<
  'unknown-policy-provider',
  { providerId: ToolProviderId }
>;

/** A grant names a capability its provider does not declare. */
export type UnknownPolicyCapabilityError = EngineError<
  'unknown-policy-capability',
  { providerId: ToolProviderId; capabilityId: ToolCapabilityId }
>;

/** A grant for a consumer-owned provider names another consumer. */
export type ProviderOwnerMismatchError = EngineError<
  'provider-owner-mismatch',
  { providerId: ToolProviderId; owner: ConsumerId; requestedConsumer: ConsumerId }
>;

/** The agent instance is not known to the engine (never synced, or removed). */
export type UnknownPolicyInstanceError = EngineError<
  'unknown-policy-instance',
  { instanceId: AgentInstanceId }
>;

/** The agent instance is inactive; grants and approvals need an active instance. */
export type InactivePolicyInstanceError = EngineError<
  'inactive-policy-instance',
  { instanceId: AgentInstanceId }
>;

/** The session generation named is not the instance's current one. */
export type PolicyGenerationMismatchError = EngineError<
  'policy-generation-mismatch',
  { instanceId: AgentInstanceId; current: SessionGeneration; requested: SessionGeneration }
>;

/** No request record has this key. */
export type UnknownRequestError = EngineError<
  'unknown-request',
  { requestKey: CapabilityRequestKey }
>;

/** The request exists but is not awaiting approval (it was dispatched or is terminal). */
export type RequestNotAwaitingApprovalError = EngineError<
  'request-not-awaiting-approval',
  { requestKey: CapabilityRequestKey }
>;

/** The resolution names another instance or generation than the request. */
export type ApprovalScopeMismatchError = EngineError<
  'approval-scope-mismatch',
  { requestKey: CapabilityRequestKey }
>;

/** The resolution quotes another accepted sequence than the record (a reused key). */
export type ApprovalNonceMismatchError = EngineError<
  'approval-nonce-mismatch',
  { requestKey: CapabilityRequestKey; expected: number; actual: number }
>;

/** The resolution names a generation that is no longer the instance's current one. */
export type ApprovalGenerationStaleError = EngineError<
  'approval-generation-stale',
  { current: SessionGeneration; actual: SessionGeneration }
>;

/**
 * The request's deadline passed before it was approved. Internal: `applyAuthority` reports it as
 * the `approval-expired` outcome, after timing the request out.
 */
export type ApprovalDeadlineElapsedError = EngineError<
  'approval-deadline-elapsed',
  { requestKey: CapabilityRequestKey }
>;

/** `advanceTime` was given a tick before the current one. */
export type ClockRegressedError = EngineError<
  'clock-regressed',
  { currentTick: number; requestedTick: number }
>;

/** `setGeneration` was given a generation below the instance's current one. */
export type GenerationRegressedError = EngineError<
  'generation-regressed',
  { instanceId: AgentInstanceId; current: SessionGeneration; requested: SessionGeneration }
>;

/** An authority envelope's sequence is not above the last applied one. */
export type AuthoritySequenceRegressedError = EngineError<
  'authority-sequence-regressed',
  { current: number; requested: number }
>;

/** The accepted-sequence or operation-id counter reached `U64_MAX`. */
export type CounterExhaustedError = EngineError<
  'counter-exhausted',
  {
    /** `"tool request sequence"` or `"tool operation id"`. */
    counter: string;
  }
>;

/** Why the engine refused a call (upstream `ToolEngineError`). An error never changes state. */
export type ToolEngineError =
  | ValidationEngineError
  | InvalidInputError
  | DuplicateProviderError
  | UnknownRuntimeProviderError
  | DuplicateRequestError
  | ProviderCapacityExceededError
  | PolicyCapacityExceededError
  | RequestCapacityExceededError
  | ClientRequestCapacityExceededError
  | EffectCapacityExceededError
  | EffectSequenceExhaustedError
  | UnknownPolicyProviderError
  | UnknownPolicyCapabilityError
  | ProviderOwnerMismatchError
  | UnknownPolicyInstanceError
  | InactivePolicyInstanceError
  | PolicyGenerationMismatchError
  | UnknownRequestError
  | RequestNotAwaitingApprovalError
  | ApprovalScopeMismatchError
  | ApprovalNonceMismatchError
  | ApprovalGenerationStaleError
  | ApprovalDeadlineElapsedError
  | ClockRegressedError
  | GenerationRegressedError
  | AuthoritySequenceRegressedError
  | CounterExhaustedError;

const rejected = (debug: string): string => `tool engine rejected transition: ${debug}`;
const quote = (value: string): string => JSON.stringify(value);
const provider = (id: ToolProviderId): string => `ToolProviderId(${quote(id)})`;
const consumer = (id: ConsumerId): string => `ConsumerId(${quote(id)})`;
const requestKey = (key: CapabilityRequestKey): string =>
  `CapabilityRequestKey { consumer_id: ${consumer(key.consumerId)}, actor_id: ToolActorId(${quote(key.actorId)}), local_id: CapabilityRequestId(${key.localId}) }`;
const keyOnly = (variant: string, key: CapabilityRequestKey): string =>
  rejected(`${variant} { request_key: ${requestKey(key)} }`);

/** One factory per variant; each builds the variant with its upstream-worded `message`. */
export const ToolEngineError = {
  validation: (error: ToolValidationError): ValidationEngineError => ({
    kind: 'validation',
    error,
    message: rejected(`Validation(${error.message})`),
  }),
  invalidInput: (method: string, violation: SchemaViolation): InvalidInputError => ({
    kind: 'invalid-input',
    method,
    violation,
    message: `tool engine refused ${method}: ${violation.message}. Nothing was changed; pass a value of the documented type and retry`,
  }),
  duplicateProvider: (providerId: ToolProviderId): DuplicateProviderError => ({
    kind: 'duplicate-provider',
    providerId,
    message: rejected(`DuplicateProvider { provider_id: ${provider(providerId)} }`),
  }),
  unknownRuntimeProvider: (providerId: ToolProviderId): UnknownRuntimeProviderError => ({
    kind: 'unknown-runtime-provider',
    providerId,
    message: rejected(`UnknownRuntimeProvider { provider_id: ${provider(providerId)} }`),
  }),
  duplicateRequest: (key: CapabilityRequestKey): DuplicateRequestError => ({
    kind: 'duplicate-request',
    requestKey: key,
    message: keyOnly('DuplicateRequest', key),
  }),
  providerCapacityExceeded: (): ProviderCapacityExceededError => ({
    kind: 'provider-capacity-exceeded',
    message: rejected('ProviderCapacityExceeded'),
  }),
  policyCapacityExceeded: (): PolicyCapacityExceededError => ({
    kind: 'policy-capacity-exceeded',
    message: rejected('PolicyCapacityExceeded'),
  }),
  requestCapacityExceeded: (): RequestCapacityExceededError => ({
    kind: 'request-capacity-exceeded',
    message: rejected('RequestCapacityExceeded'),
  }),
  clientRequestCapacityExceeded: (
    consumerId: ConsumerId,
    actorId: ToolActorId,
    max: number,
  ): ClientRequestCapacityExceededError => ({
    kind: 'client-request-capacity-exceeded',
    consumerId,
    actorId,
    max,
    message: rejected(
      `ClientRequestCapacityExceeded { consumer_id: ${consumer(consumerId)}, actor_id: ToolActorId(${quote(actorId)}), max: ${max} }`,
    ),
  }),
  effectCapacityExceeded: (): EffectCapacityExceededError => ({
    kind: 'effect-capacity-exceeded',
    message: rejected('EffectCapacityExceeded'),
  }),
  effectSequenceExhausted: (): EffectSequenceExhaustedError => ({
    kind: 'effect-sequence-exhausted',
    message: rejected('EffectSequenceExhausted'),
  }),
  unknownPolicyProvider: (providerId: ToolProviderId): UnknownPolicyProviderError => ({
    kind: 'unknown-policy-provider',
    providerId,
    message: rejected(`UnknownPolicyProvider { provider_id: ${provider(providerId)} }`),
  }),
  unknownPolicyCapability: (
    providerId: ToolProviderId,
    capabilityId: ToolCapabilityId,
  ): UnknownPolicyCapabilityError => ({
    kind: 'unknown-policy-capability',
    providerId,
    capabilityId,
    message: rejected(
      `UnknownPolicyCapability { provider_id: ${provider(providerId)}, capability_id: ToolCapabilityId(${quote(capabilityId)}) }`,
    ),
  }),
  providerOwnerMismatch: (
    providerId: ToolProviderId,
    owner: ConsumerId,
    requestedConsumer: ConsumerId,
  ): ProviderOwnerMismatchError => ({
    kind: 'provider-owner-mismatch',
    providerId,
    owner,
    requestedConsumer,
    message: rejected(
      `ProviderOwnerMismatch { provider_id: ${provider(providerId)}, owner: ${consumer(owner)}, requested_consumer: ${consumer(requestedConsumer)} }`,
    ),
  }),
  unknownPolicyInstance: (instanceId: AgentInstanceId): UnknownPolicyInstanceError => ({
    kind: 'unknown-policy-instance',
    instanceId,
    message: rejected(`UnknownPolicyInstance { instance_id: AgentInstanceId(${instanceId}) }`),
  }),
  inactivePolicyInstance: (instanceId: AgentInstanceId): InactivePolicyInstanceError => ({
    kind: 'inactive-policy-instance',
    instanceId,
    message: rejected(`InactivePolicyInstance { instance_id: AgentInstanceId(${instanceId}) }`),
  }),
  policyGenerationMismatch: (
    instanceId: AgentInstanceId,
    current: SessionGeneration,
    requested: SessionGeneration,
  ): PolicyGenerationMismatchError => ({
    kind: 'policy-generation-mismatch',
    instanceId,
    current,
    requested,
    message: rejected(
      `PolicyGenerationMismatch { instance_id: AgentInstanceId(${instanceId}), current: SessionGeneration(${current}), requested: SessionGeneration(${requested}) }`,
    ),
  }),
  unknownRequest: (key: CapabilityRequestKey): UnknownRequestError => ({
    kind: 'unknown-request',
    requestKey: key,
    message: keyOnly('UnknownRequest', key),
  }),
  requestNotAwaitingApproval: (key: CapabilityRequestKey): RequestNotAwaitingApprovalError => ({
    kind: 'request-not-awaiting-approval',
    requestKey: key,
    message: keyOnly('RequestNotAwaitingApproval', key),
  }),
  approvalScopeMismatch: (key: CapabilityRequestKey): ApprovalScopeMismatchError => ({
    kind: 'approval-scope-mismatch',
    requestKey: key,
    message: keyOnly('ApprovalScopeMismatch', key),
  }),
  approvalNonceMismatch: (
    key: CapabilityRequestKey,
    expected: number,
    actual: number,
  ): ApprovalNonceMismatchError => ({
    kind: 'approval-nonce-mismatch',
    requestKey: key,
    expected,
    actual,
    message: rejected(
      `ApprovalNonceMismatch { request_key: ${requestKey(key)}, expected: ${expected}, actual: ${actual} }`,
    ),
  }),
  approvalGenerationStale: (
    current: SessionGeneration,
    actual: SessionGeneration,
  ): ApprovalGenerationStaleError => ({
    kind: 'approval-generation-stale',
    current,
    actual,
    message: rejected(
      `ApprovalGenerationStale { current: SessionGeneration(${current}), actual: SessionGeneration(${actual}) }`,
    ),
  }),
  approvalDeadlineElapsed: (key: CapabilityRequestKey): ApprovalDeadlineElapsedError => ({
    kind: 'approval-deadline-elapsed',
    requestKey: key,
    message: keyOnly('ApprovalDeadlineElapsed', key),
  }),
  clockRegressed: (currentTick: number, requestedTick: number): ClockRegressedError => ({
    kind: 'clock-regressed',
    currentTick,
    requestedTick,
    message: rejected(
      `ClockRegressed { current_tick: ${currentTick}, requested_tick: ${requestedTick} }`,
    ),
  }),
  generationRegressed: (
    instanceId: AgentInstanceId,
    current: SessionGeneration,
    requested: SessionGeneration,
  ): GenerationRegressedError => ({
    kind: 'generation-regressed',
    instanceId,
    current,
    requested,
    message: rejected(
      `GenerationRegressed { instance_id: AgentInstanceId(${instanceId}), current: SessionGeneration(${current}), requested: SessionGeneration(${requested}) }`,
    ),
  }),
  authoritySequenceRegressed: (
    current: number,
    requested: number,
  ): AuthoritySequenceRegressedError => ({
    kind: 'authority-sequence-regressed',
    current,
    requested,
    message: rejected(
      `AuthoritySequenceRegressed { current: ${current}, requested: ${requested} }`,
    ),
  }),
  counterExhausted: (counter: string): CounterExhaustedError => ({
    kind: 'counter-exhausted',
    counter,
    message: rejected(`CounterExhausted { counter: ${quote(counter)} }`),
  }),
} as const;
