// Every exported wire schema by type name: the list `scripts/write-json-schemas.mjs` writes to
// dist/schemas/ and the schema tests walk.
import type { TSchema } from 'typebox';
import { ToolAuthorityCommandSchema } from './authority/tool-authority-command.js';
import { ToolAuthorityEnvelopeSchema } from './authority/tool-authority-envelope.js';
import { ToolAuthorityOutcomeSchema } from './authority/tool-authority-outcome.js';
import { CapabilityClassSchema } from './catalog/capability-class.js';
import { CapabilityDescriptorSchema } from './catalog/capability-descriptor.js';
import { CapabilityInputSchemaSchema } from './catalog/capability-input-schema.js';
import { CapabilityOwnerSchema } from './catalog/capability-owner.js';
import { CapabilityProviderDescriptorSchema } from './catalog/capability-provider-descriptor.js';
import { CancellationDispositionSchema } from './completion/cancellation-disposition.js';
import { CapabilityCompletionBatchSchema } from './completion/capability-completion-batch.js';
import { CapabilityCompletionEnvelopeSchema } from './completion/capability-completion-envelope.js';
import { CapabilityTerminalOutcomeSchema } from './completion/capability-terminal-outcome.js';
import { CompletionDropReasonSchema } from './completion/completion-drop-reason.js';
import { CapabilityEffectSchema } from './effect/capability-effect.js';
import { CapabilityEffectEnvelopeSchema } from './effect/capability-effect-envelope.js';
import { InvocationCancelReasonSchema } from './effect/invocation-cancel-reason.js';
import { ProviderBoundCapabilityEffectEnvelopeSchema } from './effect/provider-bound-capability-effect-envelope.js';
import { CapabilityRequestId, ProviderBindingId, ToolOperationId } from './id/numeric-ids.js';
import {
  ConsumerId,
  ResourceScopeId,
  ToolActorId,
  ToolCapabilityId,
  ToolProviderId,
} from './id/tool-ids.js';
import { ApprovalDecisionSchema, ApprovalResolutionSchema } from './policy/approval.js';
import { GrantModeSchema } from './policy/grant-mode.js';
import { PolicyDecisionSchema } from './policy/policy-decision.js';
import { PolicyDenialSchema } from './policy/policy-denial.js';
import { PolicyGrantSchema } from './policy/policy-grant.js';
import { PolicyKeySchema } from './policy/policy-key.js';
import { ProviderRuntimeCommandSchema } from './provider-runtime/provider-runtime-command.js';
import { ProviderRuntimeEnvelopeSchema } from './provider-runtime/provider-runtime-envelope.js';
import {
  ProviderRuntimeBindingSnapshotSchema,
  ProviderRuntimeSnapshotSchema,
} from './provider-runtime/provider-runtime-snapshot.js';
import { CapabilityRequestInputSchema } from './request/capability-request-input.js';
import { CapabilityRequestKeySchema } from './request/capability-request-key.js';
import { ConsumerBoundCapabilityRequestSchema } from './request/consumer-bound-capability-request.js';
import { ProviderBoundCapabilityRequestSchema } from './request/provider-bound-capability-request.js';
import { CapabilityObservationSchema } from './result/capability-observation.js';
import { CapabilityObservationEnvelopeSchema } from './result/capability-observation-envelope.js';
import { CapabilityResultSchema } from './result/capability-result.js';
import { CapabilityResultDeliverySchema } from './result/capability-result-delivery.js';
import { CapabilityResultMetadataSchema } from './result/capability-result-metadata.js';
import { ToolFailureKindSchema, ToolFailureSchema } from './result/tool-failure.js';
import {
  CapabilityObservationDispositionSchema,
  ObservationIgnoredReasonSchema,
} from './snapshot/capability-observation-disposition.js';
import { CapabilityRequestSnapshotSchema } from './snapshot/capability-request-snapshot.js';
import { CapabilityRequestStatusSchema } from './snapshot/capability-request-status.js';
import { ToolAuditEventSchema } from './snapshot/tool-audit-event.js';
import { ToolAuditEventKindSchema } from './snapshot/tool-audit-event-kind.js';
import { ToolAuditSubjectSchema } from './snapshot/tool-audit-subject.js';
import { ToolEngineSnapshotSchema } from './snapshot/tool-engine-snapshot.js';
import { ToolInstanceStateSchema } from './snapshot/tool-instance-state.js';

/** Every wire schema of the tool protocol, keyed by the name of its type. */
export const toolProtocolSchemas: Readonly<Record<string, TSchema>> = {
  ToolActorId: ToolActorId.schema,
  ConsumerId: ConsumerId.schema,
  ResourceScopeId: ResourceScopeId.schema,
  ToolProviderId: ToolProviderId.schema,
  ToolCapabilityId: ToolCapabilityId.schema,
  CapabilityRequestId: CapabilityRequestId.schema,
  ToolOperationId: ToolOperationId.schema,
  ProviderBindingId: ProviderBindingId.schema,
  CapabilityOwner: CapabilityOwnerSchema,
  CapabilityClass: CapabilityClassSchema,
  CapabilityDescriptor: CapabilityDescriptorSchema,
  CapabilityInputSchema: CapabilityInputSchemaSchema,
  CapabilityProviderDescriptor: CapabilityProviderDescriptorSchema,
  PolicyKey: PolicyKeySchema,
  GrantMode: GrantModeSchema,
  PolicyGrant: PolicyGrantSchema,
  PolicyDenial: PolicyDenialSchema,
  PolicyDecision: PolicyDecisionSchema,
  ApprovalDecision: ApprovalDecisionSchema,
  ApprovalResolution: ApprovalResolutionSchema,
  CapabilityRequestKey: CapabilityRequestKeySchema,
  CapabilityRequestInput: CapabilityRequestInputSchema,
  ConsumerBoundCapabilityRequest: ConsumerBoundCapabilityRequestSchema,
  ProviderBoundCapabilityRequest: ProviderBoundCapabilityRequestSchema,
  ToolAuthorityCommand: ToolAuthorityCommandSchema,
  ToolAuthorityEnvelope: ToolAuthorityEnvelopeSchema,
  ToolAuthorityOutcome: ToolAuthorityOutcomeSchema,
  ToolInstanceState: ToolInstanceStateSchema,
  InvocationCancelReason: InvocationCancelReasonSchema,
  CapabilityEffect: CapabilityEffectSchema,
  CapabilityEffectEnvelope: CapabilityEffectEnvelopeSchema,
  ProviderBoundCapabilityEffectEnvelope: ProviderBoundCapabilityEffectEnvelopeSchema,
  CapabilityResultMetadata: CapabilityResultMetadataSchema,
  CapabilityResultDelivery: CapabilityResultDeliverySchema,
  CapabilityResult: CapabilityResultSchema,
  ToolFailureKind: ToolFailureKindSchema,
  ToolFailure: ToolFailureSchema,
  CapabilityObservation: CapabilityObservationSchema,
  CapabilityObservationEnvelope: CapabilityObservationEnvelopeSchema,
  CancellationDisposition: CancellationDispositionSchema,
  CapabilityTerminalOutcome: CapabilityTerminalOutcomeSchema,
  CapabilityCompletionEnvelope: CapabilityCompletionEnvelopeSchema,
  CapabilityCompletionBatch: CapabilityCompletionBatchSchema,
  CompletionDropReason: CompletionDropReasonSchema,
  ProviderRuntimeCommand: ProviderRuntimeCommandSchema,
  ProviderRuntimeEnvelope: ProviderRuntimeEnvelopeSchema,
  ProviderRuntimeBindingSnapshot: ProviderRuntimeBindingSnapshotSchema,
  ProviderRuntimeSnapshot: ProviderRuntimeSnapshotSchema,
  CapabilityRequestStatus: CapabilityRequestStatusSchema,
  CapabilityRequestSnapshot: CapabilityRequestSnapshotSchema,
  ToolAuditSubject: ToolAuditSubjectSchema,
  ObservationIgnoredReason: ObservationIgnoredReasonSchema,
  CapabilityObservationDisposition: CapabilityObservationDispositionSchema,
  ToolAuditEventKind: ToolAuditEventKindSchema,
  ToolAuditEvent: ToolAuditEventSchema,
  ToolEngineSnapshot: ToolEngineSnapshotSchema,
};
