// @gate4agent/capability-catalog: the generational session capability catalog (a port of the A3S
// Code capability kernel and its Session integration). Named re-exports only. Test helpers ship
// from `@gate4agent/capability-catalog/testing`.

export type {
  ContentBlock,
  Message,
  ModelClient,
  ModelResponse,
  StopReason,
  StreamEvent,
  TokenUsage,
} from './agent-loop/model-client.js';
export { userText } from './agent-loop/model-client.js';
export type { AgentLoopOptions, AgentResult } from './agent-loop/run-agent-loop.js';
export { runAgentLoop } from './agent-loop/run-agent-loop.js';
export {
  CAPABILITY_SET_SCHEMA,
  DEFAULT_CAPABILITY_CLEANUP_TIMEOUT_MS,
  DEFAULT_MAX_TOOL_ROUNDS,
  DEFAULT_SCOPE_CLOSE_TIMEOUT_MS,
  MAX_CAPABILITIES,
  MAX_CAPABILITY_CANONICAL_BYTES,
  MAX_CAPABILITY_DEPENDENCIES,
  MAX_CAPABILITY_DEPENDENCY_EDGES,
  MAX_CAPABILITY_ERROR_MESSAGE_BYTES,
  MAX_CAPABILITY_IDENTIFIER_BYTES,
  MAX_CAPABILITY_PUBLIC_NAME_BYTES,
  MAX_CAPABILITY_SOURCES,
  MAX_CAPABILITY_TRANSACTION_EFFECTS,
  MAX_CAPABILITY_VERSION_BYTES,
  MAX_CEILING_CAPABILITIES,
  MAX_LIFECYCLE_NAME_BYTES,
  MAX_SCOPE_CHILDREN,
  MAX_SCOPE_CLOSE_TIMEOUT_MS,
  MAX_SCOPE_EFFECTS,
  MAX_SCOPE_ID_BYTES,
  MAX_SCOPE_LOCAL_ID_BYTES,
  MAX_SCOPE_TASKS,
  MAX_SCOPE_USE_GENERATION_LEASES,
  SESSION_CLOSE_RUN_GRACE_MS,
  USE_CAPABILITY_CURSOR_SCHEMA,
} from './constants.js';
export { CapabilityProjectionError } from './errors/capability-projection-error.js';
export type { RunCloseCounters } from './errors/capability-runtime-error.js';
export { CapabilityRuntimeError } from './errors/capability-runtime-error.js';
export { CapabilityScopeError } from './errors/capability-scope-error.js';
export { CapabilitySetError } from './errors/capability-set-error.js';
export { CodeError } from './errors/code-error.js';
export type {
  CapabilityAdapterError,
  CapabilityEffectError,
  UseGenerationLeaseError,
} from './errors/leaf-errors.js';
export {
  capabilityAdapterError,
  capabilityEffectError,
  useGenerationLeaseError,
} from './errors/leaf-errors.js';
export { truncateUtf8 } from './errors/truncate-utf8.js';
export { loadAgentsFromDir, parseAgentFile } from './host/agent-dir.js';
export { BUILTIN_AGENTS, canonicalAgentName } from './host/agent-name.js';
export type { CapabilitySessionOptions } from './host/capability-session.js';
export { CapabilitySession } from './host/capability-session.js';
export { publishedValueMatches } from './host/compatibility-registrations.js';
export type { SnapshotConflict, SnapshotResult } from './host/compatibility-registries.js';
export {
  AgentRegistry,
  CommandRegistry,
  HookRegistry,
  NamedRegistry,
  SkillRegistry,
  ToolRegistry,
} from './host/compatibility-registries.js';
export type { RunBinding, RunBoundTool } from './host/run-bound-tool.js';
export type { SpawnedRun } from './host/run-executor.js';
export type { RunSnapshot, RunStatus } from './host/run-store.js';
export type { CompatibilityState, RunRegistries } from './host/runtime-validation.js';
export { buildRunRegistries } from './host/runtime-validation.js';
export { SessionCapabilityBatch } from './host/session-capability-batch.js';
export { SessionCapabilityRun } from './host/session-capability-run.js';
export type { CanonicalSetInput } from './identity/canonical-digest.js';
export { canonicalSetDigest } from './identity/canonical-digest.js';
export { CapabilityContribution } from './identity/capability-contribution.js';
export { CapabilityDescriptor } from './identity/capability-descriptor.js';
export { CapabilityId } from './identity/capability-id.js';
export type { CapabilityKind } from './identity/capability-kind.js';
export {
  CAPABILITY_KINDS,
  capabilityKindIndex,
  isCapabilityKind,
  isSessionCapabilityKind,
} from './identity/capability-kind.js';
export { CapabilitySet } from './identity/capability-set.js';
export type {
  CapabilitySourceClass,
  CapabilitySourceEvidence,
} from './identity/capability-source.js';
export { CapabilitySource } from './identity/capability-source.js';
export { CodeCatalogGeneration } from './identity/code-catalog-generation.js';
export { Sha256Digest } from './identity/sha256-digest.js';
export { UseCapabilityGeneration } from './identity/use-capability-generation.js';
export { UsePackageGeneration } from './identity/use-package-generation.js';
export { validateBoundedText, validateIdentifier } from './identity/validate-identifier.js';
export type {
  CeilingOptions,
  ExecutionLimits,
  WorkspaceAccess,
} from './lifecycle/capability-ceiling.js';
export { CapabilityCeiling } from './lifecycle/capability-ceiling.js';
export type { CapabilityEffect } from './lifecycle/capability-effect.js';
export { closeEffect } from './lifecycle/capability-effect.js';
export type { ScopeKind } from './lifecycle/capability-scope.js';
export { CapabilityScope, CapabilityScopeHandle } from './lifecycle/capability-scope.js';
export type { ScopeClosePolicy, ScopeCloseReport } from './lifecycle/scope-close-report.js';
export { scopeClosePolicy } from './lifecycle/scope-close-report.js';
export type {
  RetainedUseGeneration,
  UseGenerationLeaseProvider,
} from './lifecycle/use-generation-lease.js';
export { CapabilityCatalog, CapabilityProjectionLease } from './projection/capability-catalog.js';
export type { ProjectedCapability } from './projection/capability-projection.js';
export { CapabilityProjection } from './projection/capability-projection.js';
export { CapabilityTransaction } from './projection/capability-transaction.js';
export type {
  CapabilityCatalogStamp,
  CapabilityCommitReceipt,
} from './projection/catalog-stamp.js';
export { catalogStamp, sameStamp } from './projection/catalog-stamp.js';
export type {
  CapabilityCleanupReport,
  CleanupBatch,
  CleanupPolicy,
  CleanupReason,
} from './projection/cleanup-queue.js';
export { CleanupQueue, DEFAULT_CLEANUP_POLICY } from './projection/cleanup-queue.js';
export type { CapabilityProjectionAdapter } from './projection/prepared-capability.js';
export { PreparedCapability } from './projection/prepared-capability.js';
export { CapabilityReadinessPlan } from './projection/readiness-plan.js';
export type { LinkedAbortController, RaceOutcome } from './util/abort.js';
export { linkSignals, raceAbort } from './util/abort.js';
export type { MutexRelease } from './util/async-mutex.js';
export { AsyncMutex } from './util/async-mutex.js';
export type { MonotonicClock } from './util/deadline.js';
export type { Deferred } from './util/deferred.js';
export { deferred } from './util/deferred.js';
export type { AgentDefinition } from './values/agent-definition.js';
export { agentDefinition, WorkerAgentSpec } from './values/agent-definition.js';
export type {
  ContextProvider,
  FlowBinding,
  HookBinding,
  KnowledgeBinding,
  KnowledgeSurfaceBinding,
  McpBinding,
  SlashCommand,
  UiBinding,
} from './values/bindings.js';
export {
  CapabilityValue,
  capabilityValueKind,
  capabilityValuePublicName,
} from './values/capability-value.js';
export type { Skill, SkillKind } from './values/skill.js';
export type { Tool, ToolContext, ToolDefinition, ToolOutput } from './values/tool.js';
export { toolDefinition } from './values/tool.js';
