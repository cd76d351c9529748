// @gate4agent/agent-catalog: the agent registry, built-in agent specs, shell-free launch planning,
// approval-level flags and startup operator-gate recognition. Named re-exports only.
export type { AdapterDescriptor } from './adapter-registry.js';
export { AdapterRegistry } from './adapter-registry.js';

export { AdapterRegistryError, adapterRegistryError } from './adapter-registry-error.js';
export { AgentRegistry } from './agent-registry.js';
export type { ApprovalFlags, ApprovalMappings } from './approval-mappings.js';
export { BUILTIN_APPROVAL_MAPPINGS } from './approval-mappings.js';
export {
  builtinAdapterDescriptors,
  builtinAdapterRegistry,
} from './builtin-adapter-registry.js';
export { builtinRegistry, builtinSpecs } from './builtin-specs.js';
export {
  AGENT_READINESS_TIMEOUT_MS,
  BUILTIN_ADAPTER_REVISION,
  BUILTIN_SPEC_REVISION,
  CAPABILITY_PROBE_REVISION,
  CLAUDE_CODE_INLINE_REVISION,
  CLAUDE_VERIFIED_VERSION,
  CODEX_CLI_INLINE_REVISION,
  CODEX_VERIFIED_VERSION,
  DEFAULT_AGENT_READINESS_TIMEOUT_MS,
  GEMINI_VERIFIED_VERSION,
  KIMI_CODE_INLINE_REVISION,
  MANAGED_HOOK_REVISION,
  MAX_LAUNCH_PROMPT_BYTES,
  MAX_SPEC_REVISION_BYTES,
  ONE_SHOT_REVISION,
  OPENCODE_VERIFIED_VERSION,
  ORCA_REFERENCE_REVISION,
  QWEN_CODE_INLINE_REVISION,
  QWEN_DUAL_OUTPUT_REVISION,
  QWEN_VERIFIED_VERSION,
  SESSION_OPTION_CATALOG_REVISION,
  WINDOWS_INLINE_LAUNCH_MAX_CHARS,
} from './constants.js';
export type { LaunchArgumentField } from './launch-plan-error.js';
export {
  LaunchPlanError,
  launchPlanError,
  SessionOptionCatalogError,
  sessionOptionCatalogError,
} from './launch-plan-error.js';
export type { EnvMutation, LaunchPlan, LaunchRequest } from './launch-request.js';
export {
  createLaunchRequest,
  redactLaunchPlan,
  redactLaunchRequest,
} from './launch-request.js';
export { McpConfigError } from './mcp/mcp-config-error.js';
export type { McpServerEntry } from './mcp/mcp-server-entry.js';
export type { McpConfigFile, McpLaunchConfig } from './mcp/plan-mcp-config.js';
export { CODEX_MCP_TOKEN_ENV, MCP_CONFIG_AGENTS, planMcpConfig } from './mcp/plan-mcp-config.js';
export type { OperatorGateRecogniser } from './operator-gate-recognisers.js';
export { OPERATOR_GATE_RECOGNISERS } from './operator-gate-recognisers.js';
export type { OptionUnsafe } from './option-safe-arguments.js';
export { flagArguments, looksLikeOption, positionalArguments } from './option-safe-arguments.js';
export type { PlanLaunchOptions } from './plan-launch.js';
export { planDraftLaunch, planLaunch } from './plan-launch.js';
export type { RecogniseOperatorGateOptions } from './recognise-operator-gate.js';
export {
  OPERATOR_GATE_TEXT_MAX_LINES,
  recogniseOperatorGate,
} from './recognise-operator-gate.js';
export type { ExecutableNameField } from './registry-error.js';
export { RegistryError, registryError } from './registry-error.js';
export type { ResolvedSessionOptionLaunch } from './session-options/resolve-session-option-launch.js';
export { resolveSessionOptionLaunch } from './session-options/resolve-session-option-launch.js';

export {
  SessionOptionAdapterError,
  sessionOptionAdapterError,
} from './session-options/session-option-adapter-error.js';
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
} from './session-options/session-option-catalog.js';
export { sessionOptionCatalog } from './session-options/session-option-catalog.js';
export {
  resolveSessionOptionLaunchFor,
  sessionOptionCatalogFor,
} from './session-options/session-options-for.js';
export { startupOperatorGate } from './startup-operator-gate.js';
export { estimatedWindowsLaunchChars, windowsWrapperUnsafeText } from './windows-launch.js';
