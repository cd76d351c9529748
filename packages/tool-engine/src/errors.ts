// ToolEngineError: the one error union of the engine. Messages are plain English (decision 18);
// upstream rendered "tool engine rejected transition: " and the Rust Debug form of the variant.
import {
  type CapabilityRequestKey,
  type ConsumerId,
  TOOL_EFFECTS_MAX,
  TOOL_POLICIES_MAX,
  TOOL_PROVIDERS_MAX,
  TOOL_REQUESTS_MAX,
  type ToolActorId,
  type ToolCapabilityId,
  type ToolProviderId,
  type ToolValidationError,
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

/** The accepted-sequence or operation-id counter reached `COUNTER_MAX`. */
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

const request = (key: CapabilityRequestKey): string =>
  `request ${key.localId} of consumer ${key.consumerId}, actor ${key.actorId}`;
const RESTART = 'restart with a new engine (no further ones can be issued)';

/**
 * One factory per variant; each builds the variant with a plain-English `message` that names the
 * values and what to do (decision 18). Upstream rendered the Rust Debug form.
 */
export const ToolEngineError = {
  validation: (error: ToolValidationError): ValidationEngineError => ({
    kind: 'validation',
    error,
    message: `tool engine refused invalid input: ${error.message}`,
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
    message: `provider ${providerId} is already registered; use another provider id`,
  }),
  unknownRuntimeProvider: (providerId: ToolProviderId): UnknownRuntimeProviderError => ({
    kind: 'unknown-runtime-provider',
    providerId,
    message: `provider ${providerId} is not registered; register it before attaching or detaching its runtime`,
  }),
  duplicateRequest: (key: CapabilityRequestKey): DuplicateRequestError => ({
    kind: 'duplicate-request',
    requestKey: key,
    message: `${request(key)} is still open; wait for its completion or use a new local id`,
  }),
  providerCapacityExceeded: (): ProviderCapacityExceededError => ({
    kind: 'provider-capacity-exceeded',
    message: `the tool engine already holds ${TOOL_PROVIDERS_MAX} providers (TOOL_PROVIDERS_MAX); register fewer providers`,
  }),
  policyCapacityExceeded: (): PolicyCapacityExceededError => ({
    kind: 'policy-capacity-exceeded',
    message: `the grant table already holds ${TOOL_POLICIES_MAX} grants (TOOL_POLICIES_MAX); revoke a grant first`,
  }),
  requestCapacityExceeded: (): RequestCapacityExceededError => ({
    kind: 'request-capacity-exceeded',
    message: `${TOOL_REQUESTS_MAX} tool requests (TOOL_REQUESTS_MAX) are open and none has finished; wait for a completion before sending more`,
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
    message: `consumer ${consumerId}, actor ${actorId} already has ${max} open requests; wait for one to complete`,
  }),
  effectCapacityExceeded: (): EffectCapacityExceededError => ({
    kind: 'effect-capacity-exceeded',
    message: `the tool effect queue is full (${TOOL_EFFECTS_MAX} effects); drain effects, then retry`,
  }),
  effectSequenceExhausted: (): EffectSequenceExhaustedError => ({
    kind: 'effect-sequence-exhausted',
    message: `tool effect sequence numbers are exhausted; ${RESTART}`,
  }),
  unknownPolicyProvider: (providerId: ToolProviderId): UnknownPolicyProviderError => ({
    kind: 'unknown-policy-provider',
    providerId,
    message: `the grant names provider ${providerId}, which is not registered; register the provider first`,
  }),
  unknownPolicyCapability: (
    providerId: ToolProviderId,
    capabilityId: ToolCapabilityId,
  ): UnknownPolicyCapabilityError => ({
    kind: 'unknown-policy-capability',
    providerId,
    capabilityId,
    message: `provider ${providerId} does not declare capability ${capabilityId}; grant a capability the provider declares`,
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
    message: `provider ${providerId} belongs to consumer ${owner}, not ${requestedConsumer}; grant it to ${owner} only`,
  }),
  unknownPolicyInstance: (instanceId: AgentInstanceId): UnknownPolicyInstanceError => ({
    kind: 'unknown-policy-instance',
    instanceId,
    message: `agent instance ${instanceId} is unknown to the tool engine; register and start its session first`,
  }),
  inactivePolicyInstance: (instanceId: AgentInstanceId): InactivePolicyInstanceError => ({
    kind: 'inactive-policy-instance',
    instanceId,
    message: `agent instance ${instanceId} is not running; start its session before granting or approving`,
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
    message: `agent instance ${instanceId} is at session generation ${current}, not ${requested}; use generation ${current}`,
  }),
  unknownRequest: (key: CapabilityRequestKey): UnknownRequestError => ({
    kind: 'unknown-request',
    requestKey: key,
    message: `${request(key)} does not exist; check the consumer, actor and local id`,
  }),
  requestNotAwaitingApproval: (key: CapabilityRequestKey): RequestNotAwaitingApprovalError => ({
    kind: 'request-not-awaiting-approval',
    requestKey: key,
    message: `${request(key)} is not awaiting approval (it was dispatched or has finished); resolve only pending approvals`,
  }),
  approvalScopeMismatch: (key: CapabilityRequestKey): ApprovalScopeMismatchError => ({
    kind: 'approval-scope-mismatch',
    requestKey: key,
    message: `the resolution of ${request(key)} names another agent instance or generation; use the request's own`,
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
    message: `the resolution of ${request(key)} quotes accepted sequence ${actual}, but the request was accepted as ${expected}; answer with sequence ${expected}`,
  }),
  approvalGenerationStale: (
    current: SessionGeneration,
    actual: SessionGeneration,
  ): ApprovalGenerationStaleError => ({
    kind: 'approval-generation-stale',
    current,
    actual,
    message: `the resolution names session generation ${actual}, but the current generation is ${current}; resolve only requests of generation ${current}`,
  }),
  approvalDeadlineElapsed: (key: CapabilityRequestKey): ApprovalDeadlineElapsedError => ({
    kind: 'approval-deadline-elapsed',
    requestKey: key,
    message: `${request(key)} passed its deadline before it was approved; send a new request`,
  }),
  clockRegressed: (currentTick: number, requestedTick: number): ClockRegressedError => ({
    kind: 'clock-regressed',
    currentTick,
    requestedTick,
    message: `tick ${requestedTick} is before the current tick ${currentTick}; pass tick ${currentTick} or later`,
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
    message: `agent instance ${instanceId} cannot go back from session generation ${current} to ${requested}; pass ${current} or later`,
  }),
  authoritySequenceRegressed: (
    current: number,
    requested: number,
  ): AuthoritySequenceRegressedError => ({
    kind: 'authority-sequence-regressed',
    current,
    requested,
    message: `authority sequence ${requested} is not above the last applied sequence ${current}; use a sequence above ${current}`,
  }),
  counterExhausted: (counter: string): CounterExhaustedError => ({
    kind: 'counter-exhausted',
    counter,
    message: `the ${counter} counter is exhausted; ${RESTART}`,
  }),
} as const;
