// Agent registry, built-in agent specs and shell-free launch planning.
export type { AdapterDescriptor } from './agents/adapter-registry.js';
export { AdapterRegistry } from './agents/adapter-registry.js';
export type { AdapterRegistryError } from './agents/adapter-registry-error.js';
export { adapterRegistryError } from './agents/adapter-registry-error.js';
export { AgentRegistry } from './agents/agent-registry.js';
export type { ApprovalFlags, ApprovalMappings } from './agents/approval-mappings.js';
export { BUILTIN_APPROVAL_MAPPINGS } from './agents/approval-mappings.js';
export {
  builtinAdapterDescriptors,
  builtinAdapterRegistry,
} from './agents/builtin-adapter-registry.js';
export { builtinRegistry, builtinSpecs } from './agents/builtin-specs.js';
export {
  BUILTIN_ADAPTER_REVISION,
  BUILTIN_SPEC_REVISION,
  CAPABILITY_PROBE_REVISION,
  CLAUDE_CODE_INLINE_REVISION,
  CODEX_CLI_INLINE_REVISION,
  KIMI_CODE_INLINE_REVISION,
  MANAGED_HOOK_REVISION,
  MAX_LAUNCH_PROMPT_BYTES,
  MAX_SPEC_REVISION_BYTES,
  ONE_SHOT_REVISION,
  ORCA_REFERENCE_REVISION,
  QWEN_CODE_INLINE_REVISION,
  QWEN_DUAL_OUTPUT_REVISION,
  SESSION_OPTION_CATALOG_REVISION,
  WINDOWS_INLINE_LAUNCH_MAX_CHARS,
} from './agents/constants.js';
export type {
  LaunchArgumentField,
  LaunchPlanError,
  SessionOptionCatalogError,
} from './agents/launch-plan-error.js';
export { launchPlanError, sessionOptionCatalogError } from './agents/launch-plan-error.js';
export type { EnvMutation, LaunchPlan, LaunchRequest } from './agents/launch-request.js';
export {
  createLaunchRequest,
  redactLaunchPlan,
  redactLaunchRequest,
} from './agents/launch-request.js';
export type { PlanLaunchOptions } from './agents/plan-launch.js';
export { planDraftLaunch, planLaunch } from './agents/plan-launch.js';
export type { ExecutableNameField, RegistryError } from './agents/registry-error.js';
export { registryError } from './agents/registry-error.js';
export type { ResolvedSessionOptionLaunch } from './agents/session-options/resolve-session-option-launch.js';
export { resolveSessionOptionLaunch } from './agents/session-options/resolve-session-option-launch.js';
export type { SessionOptionAdapterError } from './agents/session-options/session-option-adapter-error.js';
export { sessionOptionAdapterError } from './agents/session-options/session-option-adapter-error.js';
export type {
  AgentSessionOptionCatalog,
  SessionOption,
  SessionOptionApply,
  SessionOptionArgumentOverride,
  SessionOptionCategory,
  SessionOptionChoice,
  SessionOptionKind,
  SessionOptionLaunchApplication,
  SessionOptionModel,
} from './agents/session-options/session-option-catalog.js';
export { sessionOptionCatalog } from './agents/session-options/session-option-catalog.js';
export {
  resolveSessionOptionLaunchFor,
  sessionOptionCatalogFor,
} from './agents/session-options/session-options-for.js';
export { estimatedWindowsLaunchChars, windowsWrapperUnsafeText } from './agents/windows-launch.js';

// Generational session capability catalog (A3S Code capability kernel), in its own namespace so
// its CapabilityDescriptor / CapabilityKind / AgentRegistry never shadow the tool-protocol or
// agent-registry names above. Test helpers: `@gate4agent/capability-catalog/testing`.
export * as sessionCatalog from './session/index.js';
