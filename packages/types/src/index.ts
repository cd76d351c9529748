// Adapter identity (§3.2).

export {
  AdapterBinding,
  AdapterBindingError,
  AdapterBindingSchema,
  adapterBindingError,
} from './adapter/adapter-binding.js';
export type { AdapterFamily } from './adapter/adapter-family.js';
export {
  ADAPTER_FAMILIES,
  AdapterFamilySchema,
  compareAdapterFamily,
} from './adapter/adapter-family.js';
export type { AdapterVerification } from './adapter/adapter-verification.js';
export {
  ADAPTER_VERIFICATIONS,
  AdapterVerificationSchema,
  compareAdapterVerification,
} from './adapter/adapter-verification.js';
// Agent specs (§3.9–§3.11): session options, readiness, executable names, AgentSpec and its parts.
export type {
  AcpTransportSpec,
  AgentAdapterCapabilities,
  AgentCapabilities,
  AgentCommandMode,
  AgentTransportCapabilities,
  PipePromptDelivery,
  PipeProtocol,
  PipeTransportSpec,
} from './agent/agent-capabilities.js';
export {
  AcpTransportSpecSchema,
  AgentAdapterCapabilitiesSchema,
  AgentCapabilitiesSchema,
  AgentCommandModeSchema,
  AgentTransportCapabilitiesSchema,
  defaultAgentCapabilities,
  PipePromptDeliverySchema,
  PipeProtocolSchema,
  PipeTransportSpecSchema,
} from './agent/agent-capabilities.js';
export type { AgentSpec, SpecVerification, VerifiedWith } from './agent/agent-spec.js';
export {
  AgentSpecCodec,
  AgentSpecSchema,
  SpecVerificationSchema,
  supportsPlatform,
  VerifiedWithSchema,
} from './agent/agent-spec.js';
export { normalizeExecutableName } from './agent/executable-name.js';
export type { DetectionSpec, LaunchSpec } from './agent/launch-spec.js';
export { DetectionSpecSchema, LaunchSpecSchema } from './agent/launch-spec.js';
export type { OperatorGate, OperatorGateKind } from './agent/operator-gate.js';
export {
  describeOperatorGate,
  OPERATOR_GATE_KINDS,
  OperatorGateCodec,
  OperatorGateKindSchema,
  OperatorGateSchema,
  operatorActionRequiredMessage,
  operatorGateHeadline,
} from './agent/operator-gate.js';
export type { ProcessMatcher } from './agent/process-matcher.js';
export { ProcessMatcherSchema, processMatcherMatches } from './agent/process-matcher.js';
export type { InitialPromptMode, NativeDraftMode, PromptSpec } from './agent/prompt-spec.js';
export {
  InitialPromptModeSchema,
  NativeDraftModeSchema,
  PromptSpecSchema,
} from './agent/prompt-spec.js';
export type { AgentReadinessSpec, DraftReadySignal } from './agent/readiness.js';
export {
  AgentReadinessSpecSchema,
  DRAFT_READY_SIGNALS,
  DraftReadySignalSchema,
  defaultAgentReadinessSpec,
} from './agent/readiness.js';
export type { RuntimePlatform } from './agent/runtime-platform.js';
export { RUNTIME_PLATFORMS, RuntimePlatformSchema } from './agent/runtime-platform.js';
export type { SessionOptionValue } from './agent/session-options.js';
export {
  SessionOptionSelection,
  SessionOptionSelectionSchema,
  SessionOptionValidationError,
  SessionOptionValueSchema,
  sessionOptionValidationError,
} from './agent/session-options.js';
export {
  BRACKETED_PASTE_END,
  BRACKETED_PASTE_START,
  CAPABILITY_MODEL_ID_MAX_BYTES,
  CAPABILITY_MODEL_LABEL_MAX_BYTES,
  CAPABILITY_MODELS_MAX,
  CONTROL_INSTANCE_IDENTITIES_CAPACITY,
  CONTROL_INSTANCE_IDENTITIES_MAX,
  CONTROL_PROTOCOL_VERSION,
  CONTROL_SESSIONS_MAX,
  DECODE_DEPTH_MAX,
  DECODE_STRING_MAX_BYTES,
  DECODE_VALUES_MAX,
  FOREGROUND_PROCESS_NAME_MAX_BYTES,
  HISTORY_CANDIDATE_ID_MAX_BYTES,
  HISTORY_DISCOVERY_LIMIT_MAX,
  HISTORY_ERROR_MAX_BYTES,
  HISTORY_MESSAGE_MAX_BYTES,
  HISTORY_MESSAGES_MAX,
  HISTORY_MODEL_MAX_BYTES,
  HISTORY_SESSION_ID_MAX_BYTES,
  HISTORY_TITLE_MAX_BYTES,
  MAX_ADAPTER_ID_LEN,
  MAX_ADAPTER_REVISION_LEN,
  MAX_AGENT_ID_LEN,
  NATIVE_SESSION_CATALOG_LIMIT_MAX,
  NATIVE_SESSION_EXTERNAL_GROUP_ID_MAX_BYTES,
  NATIVE_SESSION_EXTERNAL_GROUP_LABEL_MAX_BYTES,
  NATIVE_SESSION_PREVIEW_MESSAGE_LIMIT_MAX,
  NATIVE_SESSION_PREVIEW_TEXT_MAX_BYTES,
  PROVIDER_EVENT_ID_MAX_BYTES,
  PROVIDER_EVENT_TEXT_MAX_BYTES,
  PROVIDER_EVENT_TOOLS_MAX,
  PROVIDER_INGRESS_EVENTS_MAX,
  PROVIDER_INTERACTION_FAILURE_MAX_BYTES,
  PROVIDER_INTERACTION_RESPONSE_MAX_BYTES,
  PROVIDER_INTERACTIONS_MAX,
  PROVIDER_SESSION_LOCATOR_MAX_BYTES,
  PROVIDER_SUBAGENTS_MAX,
  READINESS_TIMEOUT_MAX_MS,
  RESUME_ERROR_MAX_BYTES,
  SEMANTIC_PROMPT_MAX_BYTES,
  SESSION_OPTION_ID_MAX_BYTES,
  SESSION_OPTION_VALUE_MAX_BYTES,
  SESSION_OPTION_VALUES_MAX,
  TERMINAL_BYTES_MAX_BYTES,
  TERMINAL_COLUMNS_MAX,
  TERMINAL_INPUT_CHUNK_MAX_BYTES,
  TERMINAL_INPUT_MAX_BYTES,
  TERMINAL_ROWS_MAX,
  TERMINAL_SUBMIT_DELAY_MS,
  TERMINAL_WRITE_DELAY_MAX_MS,
  WORKING_DIRECTORY_MAX_BYTES,
} from './constants.js';
// Control plane (§3.4).
export { APPROVAL_LEVELS, ApprovalLevel, ApprovalLevelSchema } from './control/approval-level.js';
export type { CommandEnvelope } from './control/command-envelope.js';
export { CommandEnvelopeCodec, CommandEnvelopeSchema } from './control/command-envelope.js';
export type { ControlCommand } from './control/control-command.js';
export {
  ControlCommandCodec,
  ControlCommandSchema,
  controlCommandInstanceId,
} from './control/control-command.js';
export type { ControlEffect, EffectEnvelope } from './control/control-effect.js';
export {
  ControlEffectCodec,
  ControlEffectSchema,
  EffectEnvelopeCodec,
  EffectEnvelopeSchema,
} from './control/control-effect.js';

export { ControlErrorCodec, ControlErrorSchema } from './control/control-error.js';
export { ControlError, controlError } from './control/control-error-factory.js';
export type { ControlEvent, ControlEventKind } from './control/control-event.js';
export {
  ControlEventCodec,
  ControlEventKindSchema,
  ControlEventSchema,
} from './control/control-event.js';
export type { ControlObservation, ObservationEnvelope } from './control/control-observation.js';
export {
  ControlObservationCodec,
  ControlObservationSchema,
  ObservationEnvelopeCodec,
  ObservationEnvelopeSchema,
  observationRequiresOperationId,
} from './control/control-observation.js';
export type { ControlHealth, ControlSnapshot } from './control/control-snapshot.js';
export {
  ControlHealthSchema,
  ControlSnapshotCodec,
  ControlSnapshotSchema,
  defaultControlHealth,
  defaultControlSnapshot,
} from './control/control-snapshot.js';
export type {
  ForegroundAuthority,
  ForegroundProcessKind,
  ForegroundRequirement,
  ForegroundSnapshot,
} from './control/foreground.js';
export {
  defaultForegroundSnapshot,
  ForegroundAuthoritySchema,
  ForegroundProcess,
  ForegroundProcessKindSchema,
  ForegroundProcessSchema,
  ForegroundRequirementSchema,
  ForegroundSnapshotSchema,
} from './control/foreground.js';
export type { ObservationIgnoredReason } from './control/observation-ignored-reason.js';
export { ObservationIgnoredReasonSchema } from './control/observation-ignored-reason.js';
export type {
  ProviderRuntimeCapability,
  ProviderRuntimePolicyError,
} from './control/provider-runtime-policy.js';
export {
  ProviderRuntimeCapabilitySchema,
  ProviderRuntimePolicy,
  ProviderRuntimePolicyCodec,
  ProviderRuntimePolicyErrorSchema,
  ProviderRuntimePolicySchema,
  providerRuntimePolicyError,
} from './control/provider-runtime-policy.js';
export type { SessionSnapshot } from './control/session-snapshot.js';
export { SessionSnapshotCodec, SessionSnapshotSchema } from './control/session-snapshot.js';
export type { SessionStatus } from './control/session-status.js';
export { debugSessionStatus, SessionStatusSchema } from './control/session-status.js';
export type { StartRequest } from './control/start-request.js';
export { StartRequestCodec, StartRequestSchema } from './control/start-request.js';
export type { TerminalFrame, TerminalMouseProtocolEncoding } from './control/terminal-frame.js';
export {
  TerminalFrameCodec,
  TerminalFrameSchema,
  TerminalMouseProtocolEncodingSchema,
} from './control/terminal-frame.js';
export { TerminalSize, TerminalSizeSchema } from './control/terminal-size.js';
export type { TransportKind } from './control/transport-kind.js';
export { TransportKindSchema } from './control/transport-kind.js';
// Ids (§3.2–3.3).
export type { AdapterIdError } from './id/adapter-id.js';
export { AdapterId, AdapterIdSchema } from './id/adapter-id.js';
export type { AgentIdError } from './id/agent-id.js';
export { AgentId, AgentIdSchema } from './id/agent-id.js';
export type { BrandedNumber, NumericIdFactory } from './id/numeric-id.js';
export {
  AgentInstanceId,
  AgentInstanceIdSchema,
  CommandId,
  CommandIdSchema,
  isSafeU64,
  numericId,
  OperationId,
  OperationIdSchema,
  ProviderInteractionId,
  ProviderInteractionIdSchema,
  SessionGeneration,
  SessionGenerationSchema,
} from './id/numeric-id.js';
export type { BrandedString, SlugIdError, SlugIdFactory } from './id/slug-id.js';
export { slugId, slugIdErrors } from './id/slug-id.js';
// Input preparation (§3.5).
export { boundedChunks } from './input/bounded-chunks.js';
export type {
  AgentCommand,
  InputAction,
  PromptFraming,
  PromptPayload,
  ShellCommand,
  TerminalText,
} from './input/input-action.js';
export {
  AgentCommandSchema,
  InputActionCodec,
  InputActionSchema,
  PromptFramingSchema,
  PromptPayloadSchema,
  ShellCommandSchema,
  TerminalTextSchema,
} from './input/input-action.js';

export {
  InputPrepareError,
  InputPrepareErrorSchema,
  inputPrepareError,
} from './input/input-prepare-error.js';
export { prepareAgentCommand } from './input/prepare-agent-command.js';
export {
  normalizeSemanticPrompt,
  prepareInput,
  prepareInputWithLimits,
} from './input/prepare-input.js';
export { prepareShellCommand } from './input/prepare-shell-command.js';
export type {
  PreparedInput,
  PreparedInputKind,
  PreparedWrite,
  PreparedWriteKind,
} from './input/prepared-input.js';
export {
  PreparedInputCodec,
  PreparedInputKindSchema,
  PreparedInputSchema,
  PreparedWriteKindSchema,
  PreparedWriteSchema,
} from './input/prepared-input.js';
export { sanitizePromptText } from './input/sanitize-prompt-text.js';
export {
  TERMINAL_CONTROLS,
  TerminalControl,
  TerminalControlSchema,
} from './input/terminal-control.js';
// The minimal environment of native children.
export type { MinimalChildEnvironmentOptions } from './process/child-environment.js';
export {
  isPlatformChildEnvironmentKey,
  minimalChildEnvironment,
  UNIX_CHILD_ENV_ALLOWLIST,
  UNIX_CHILD_ENV_LOCALE_PREFIX,
  WINDOWS_CHILD_ENV_ALLOWLIST,
} from './process/child-environment.js';
// Provider semantic state (§3.4.10–11).
export { ContextWindowUsage, ContextWindowUsageSchema } from './provider/context-window-usage.js';
export type { ProviderActivity } from './provider/provider-activity.js';
export { ProviderActivitySchema } from './provider/provider-activity.js';
export type { ProviderEvent } from './provider/provider-event.js';
export { ProviderEventCodec, ProviderEventSchema } from './provider/provider-event.js';

export {
  ProviderEventValidationError,
  providerEventValidationError,
} from './provider/provider-event-validation-error.js';
export type {
  ProviderInteraction,
  ProviderInteractionKind,
  ProviderInteractionOutcome,
  ProviderInteractionResponseKind,
  ProviderInteractionStatus,
  ProviderInteractionTarget,
} from './provider/provider-interaction.js';
export {
  ProviderInteractionKindSchema,
  ProviderInteractionOutcomeSchema,
  ProviderInteractionResponseKindSchema,
  ProviderInteractionSchema,
  ProviderInteractionStatusSchema,
  ProviderInteractionTargetSchema,
} from './provider/provider-interaction.js';

export {
  ProviderInteractionResponse,
  ProviderInteractionResponseError,
  ProviderInteractionResponseSchema,
  providerInteractionResponseError,
} from './provider/provider-interaction-response.js';
export type { ProviderSessionKey } from './provider/provider-session-identity.js';
export {
  ProviderSessionIdentity,
  ProviderSessionIdentitySchema,
  ProviderSessionKeySchema,
} from './provider/provider-session-identity.js';
export type {
  ActiveProviderTool,
  ProviderSnapshot,
  ProviderSubagent,
} from './provider/provider-snapshot.js';
export {
  ActiveProviderToolSchema,
  defaultProviderSnapshot,
  ProviderSnapshotSchema,
  ProviderSubagentSchema,
} from './provider/provider-snapshot.js';
export type { ProviderSourceCursor } from './provider/provider-source.js';
export {
  ProviderSource,
  ProviderSourceCursorSchema,
  ProviderSourceSchema,
} from './provider/provider-source.js';
export type { TokenUsage } from './provider/token-usage.js';
export { defaultTokenUsage, TokenUsageSchema } from './provider/token-usage.js';
export { validateProviderEventIngress } from './provider/validate-provider-event.js';
export { deepFreeze } from './shared/deep-freeze.js';
// Shared results, errors, text rules and the wire codec.
export { Gate4AgentError } from './shared/gate4agent-error.js';
export type { Err, KindedError, Ok, Result } from './shared/result.js';
export { err, ok, unwrap, unwrapErr } from './shared/result.js';
export { pascalCase, rustDebugNewtype, rustDebugString } from './shared/rust-debug.js';
export type {
  SchemaViolation,
  WireCodec,
  WireCodecHooks,
  WireCodecOptions,
} from './shared/schema.js';
export {
  BytesSchema,
  createWireCodec,
  handOffChecked,
  I32Schema,
  Nullable,
  SafeIntegerSchema,
  U16Schema,
  U32Schema,
} from './shared/schema.js';
export {
  compareUtf8,
  hasControlChar,
  hasNonTextControlChar,
  isBlank,
  isWellFormedText,
  utf8ByteLength,
  utf8Encode,
} from './shared/text.js';
export type { WalkHookOf, WalkNodeHook } from './shared/walk-node.js';
