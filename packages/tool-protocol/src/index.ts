export type { ToolAuthorityCommand } from './authority/tool-authority-command.js';
export { ToolAuthorityCommandSchema } from './authority/tool-authority-command.js';
export {
  ToolAuthorityEnvelope,
  ToolAuthorityEnvelopeSchema,
} from './authority/tool-authority-envelope.js';
export {
  ToolAuthorityOutcome,
  ToolAuthorityOutcomeSchema,
} from './authority/tool-authority-outcome.js';
export {
  hasForbiddenCapabilityNamespace,
  validateCapabilityAdmission,
} from './catalog/capability-admission.js';
export type { CapabilityClass } from './catalog/capability-class.js';
export { CAPABILITY_CLASS_PREFIX, CapabilityClassSchema } from './catalog/capability-class.js';
export {
  CapabilityDescriptor,
  type CapabilityDescriptorOptions,
  CapabilityDescriptorSchema,
} from './catalog/capability-descriptor.js';
export {
  type CapabilityInputSchema,
  CapabilityInputSchemaSchema,
} from './catalog/capability-input-schema.js';
export { CapabilityOwner, CapabilityOwnerSchema } from './catalog/capability-owner.js';
export {
  CapabilityProviderDescriptor,
  CapabilityProviderDescriptorSchema,
} from './catalog/capability-provider-descriptor.js';
export type { CancellationDisposition } from './completion/cancellation-disposition.js';
export { CancellationDispositionSchema } from './completion/cancellation-disposition.js';
export {
  CapabilityCompletionBatch,
  CapabilityCompletionBatchSchema,
} from './completion/capability-completion-batch.js';
export {
  CapabilityCompletionEnvelope,
  CapabilityCompletionEnvelopeSchema,
} from './completion/capability-completion-envelope.js';
export {
  CapabilityTerminalOutcome,
  CapabilityTerminalOutcomeSchema,
} from './completion/capability-terminal-outcome.js';
export type { CompletionDropReason } from './completion/completion-drop-reason.js';
export { CompletionDropReasonSchema } from './completion/completion-drop-reason.js';
export {
  CAPABILITY_PROTOCOL_VERSION,
  TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX,
  TOOL_ACTOR_ID_MAX_BYTES,
  TOOL_APPROVAL_SUMMARY_MAX_BYTES,
  TOOL_AUDIT_EVENTS_MAX,
  TOOL_CAPABILITIES_PER_PROVIDER_MAX,
  TOOL_CAPABILITY_DESCRIPTION_MAX_BYTES,
  TOOL_CAPABILITY_ID_MAX_BYTES,
  TOOL_CAPABILITY_INPUT_SCHEMA_MAX_BYTES,
  TOOL_CAPABILITY_INPUT_SCHEMA_MAX_DEPTH,
  TOOL_COMPLETIONS_MAX,
  TOOL_CONSUMER_ID_MAX_BYTES,
  TOOL_EFFECTS_MAX,
  TOOL_FAILURE_MESSAGE_MAX_BYTES,
  TOOL_INLINE_RESULT_MAX_BYTES,
  TOOL_MEDIA_TYPE_MAX_BYTES,
  TOOL_PAYLOAD_MAX_BYTES,
  TOOL_POLICIES_MAX,
  TOOL_PROVIDER_ID_MAX_BYTES,
  TOOL_PROVIDERS_MAX,
  TOOL_REQUESTS_MAX,
  TOOL_RESOURCE_SCOPE_ID_MAX_BYTES,
  TOOL_RESULT_MAX_BYTES,
  TOOL_RESULT_REFERENCE_MAX_BYTES,
  TOOL_RESULT_SUMMARY_MAX_BYTES,
} from './constants.js';
export { CapabilityEffect, CapabilityEffectSchema } from './effect/capability-effect.js';
export {
  CapabilityEffectEnvelope,
  CapabilityEffectEnvelopeSchema,
} from './effect/capability-effect-envelope.js';
export type { InvocationCancelReason } from './effect/invocation-cancel-reason.js';
export { InvocationCancelReasonSchema } from './effect/invocation-cancel-reason.js';
export {
  ProviderBoundCapabilityEffectEnvelope,
  ProviderBoundCapabilityEffectEnvelopeSchema,
} from './effect/provider-bound-capability-effect-envelope.js';
export type {
  CapabilityOutsideAdmissionError,
  ControlCharacterError,
  DeadlineElapsedError,
  DuplicateIdentifierError,
  InvalidIdentifierError,
  InvalidInputSchemaError,
  ProviderMismatchError,
  RequiredError,
  ResultLengthMismatchError,
  ResultTooLargeError,
  TooLargeError,
  TooManyError,
  UnsupportedProtocolVersionError,
  ZeroIdentifierError,
} from './errors.js';
export { InvalidToolContractError, ToolValidationError } from './errors.js';
export type { BoundedIdFactory } from './id/bounded-id.js';
export { BOUNDED_ID_KEYWORD, boundedId, compareIds, validateIdentifier } from './id/bounded-id.js';
export { CapabilityRequestId, ProviderBindingId, ToolOperationId } from './id/numeric-ids.js';
export {
  ConsumerId,
  ResourceScopeId,
  ToolActorId,
  ToolCapabilityId,
  ToolProviderId,
} from './id/tool-ids.js';
export type { ApprovalDecision } from './policy/approval.js';
export {
  ApprovalDecisionSchema,
  ApprovalResolution,
  ApprovalResolutionSchema,
} from './policy/approval.js';
export type { GrantMode } from './policy/grant-mode.js';
export { GrantModeSchema } from './policy/grant-mode.js';
export type { PolicyDecision } from './policy/policy-decision.js';
export { PolicyDecisionSchema } from './policy/policy-decision.js';
export type { PolicyDenial } from './policy/policy-denial.js';
export { PolicyDenialSchema } from './policy/policy-denial.js';
export { PolicyGrant, PolicyGrantSchema } from './policy/policy-grant.js';
export { comparePolicyKey, PolicyKey, PolicyKeySchema } from './policy/policy-key.js';
export { validateProtocolVersion } from './protocol-version.js';
export {
  ProviderRuntimeCommand,
  ProviderRuntimeCommandSchema,
} from './provider-runtime/provider-runtime-command.js';
export {
  ProviderRuntimeEnvelope,
  ProviderRuntimeEnvelopeSchema,
} from './provider-runtime/provider-runtime-envelope.js';
export type { ProviderRuntimeBindingSnapshot } from './provider-runtime/provider-runtime-snapshot.js';
export {
  ProviderRuntimeBindingSnapshotSchema,
  ProviderRuntimeSnapshot,
  ProviderRuntimeSnapshotSchema,
} from './provider-runtime/provider-runtime-snapshot.js';
export { isRedacted, redact, withRedaction } from './redaction/redact.js';
export {
  CapabilityRequestInput,
  CapabilityRequestInputSchema,
} from './request/capability-request-input.js';
export {
  CapabilityRequestKey,
  CapabilityRequestKeySchema,
  compareCapabilityRequestKey,
} from './request/capability-request-key.js';
export {
  CapabilityRequest,
  ConsumerBoundCapabilityRequest,
  ConsumerBoundCapabilityRequestSchema,
} from './request/consumer-bound-capability-request.js';
export {
  ProviderBoundCapabilityRequest,
  ProviderBoundCapabilityRequestSchema,
} from './request/provider-bound-capability-request.js';
export {
  CapabilityObservation,
  CapabilityObservationSchema,
} from './result/capability-observation.js';
export {
  CapabilityObservationEnvelope,
  CapabilityObservationEnvelopeSchema,
} from './result/capability-observation-envelope.js';
export { CapabilityResult, CapabilityResultSchema } from './result/capability-result.js';
export {
  CapabilityResultDelivery,
  CapabilityResultDeliverySchema,
} from './result/capability-result-delivery.js';
export {
  CapabilityResultMetadata,
  CapabilityResultMetadataSchema,
} from './result/capability-result-metadata.js';
export type { ToolFailureKind } from './result/tool-failure.js';
export { ToolFailure, ToolFailureKindSchema, ToolFailureSchema } from './result/tool-failure.js';
export { BOUNDED_ID_PATTERN, toJsonSchema } from './schema/to-json-schema.js';
export { toolCodec } from './schema/tool-codec.js';
export { toolProtocolSchemas } from './schemas.js';
export type {
  CapabilityObservationDisposition,
  ObservationIgnoredReason,
} from './snapshot/capability-observation-disposition.js';
export {
  CapabilityObservationDispositionSchema,
  ObservationIgnoredReasonSchema,
} from './snapshot/capability-observation-disposition.js';
export {
  CapabilityRequestSnapshot,
  CapabilityRequestSnapshotSchema,
} from './snapshot/capability-request-snapshot.js';
export {
  CapabilityRequestStatus,
  CapabilityRequestStatusSchema,
} from './snapshot/capability-request-status.js';
export { ToolAuditEvent, ToolAuditEventSchema } from './snapshot/tool-audit-event.js';
export type { ToolAuditEventKind } from './snapshot/tool-audit-event-kind.js';
export { ToolAuditEventKindSchema } from './snapshot/tool-audit-event-kind.js';
export type { ToolAuditSubject } from './snapshot/tool-audit-subject.js';
export { ToolAuditSubjectSchema } from './snapshot/tool-audit-subject.js';
export { ToolEngineSnapshot, ToolEngineSnapshotSchema } from './snapshot/tool-engine-snapshot.js';
export type { ToolInstanceState } from './snapshot/tool-instance-state.js';
export { ToolInstanceStateSchema } from './snapshot/tool-instance-state.js';
export { validateOptionalText, validateRequiredText, validateText } from './text/text-checks.js';
