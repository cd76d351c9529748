// The public surface: the runtime, agent sessions, the provider supervisor, the child-process
// executor and its protocol. PTY sessions, effect workers and readiness are internals of the
// runtime (ARCHITECTURE: a small public surface) and are not exported.
// The provider-executor contract lives in @gate4agent/handle (ARCHITECTURE decision 14) and is
// re-exported here under the same names.
export type {
  NativeProviderExecutor,
  NativeProviderExit,
  NativeProviderOperation,
  NativeProviderResultPoll,
  ProviderOperationKey,
} from '@gate4agent/handle';
export { NativeProviderOperationError } from '@gate4agent/handle';
export {
  CHILD_PROCESS_RESULT_MAX_BYTES,
  CHILD_PROCESS_STDIO_DRAIN_GRACE,
  DEFAULT_AGENT_STOP_GRACE_MS,
  DEFAULT_AGENT_TERMINAL_SIZE,
  DEFAULT_COMMAND_CAPACITY,
  DEFAULT_EFFECT_CAPACITY_PER_SESSION,
  DEFAULT_MAX_COMMANDS_PER_TICK,
  DEFAULT_MAX_OBSERVATIONS_PER_TICK,
  DEFAULT_OBSERVATION_CAPACITY,
  DEFAULT_PROVIDER_SHUTDOWN_TIMEOUT_MS,
  DEFAULT_PROVIDER_STOP_GRACE,
  DEFAULT_PROVIDER_STOP_GRACE_MS,
  DEFAULT_WORKER_IDLE_TIMEOUT_MS,
  DEFAULT_WORKER_POLL_INTERVAL_MS,
  HOST_TICK_INTERVAL,
  INSTANCE_LAUNCH_ARG_MAX_BYTES,
  INSTANCE_LAUNCH_ARGS_MAX,
  INSTANCE_LAUNCH_ARGS_TOTAL_MAX_BYTES,
  MAX_PROVIDER_EVENT_SUBSCRIBERS,
  MAX_PROVIDER_FORCE_STOP_ATTEMPTS,
  MAX_PROVIDER_SHUTDOWN_TIMEOUT_MS,
  MAX_PROVIDER_STOP_SIGNAL_ATTEMPTS,
  MAX_PROVIDER_SUPERVISOR_EVENTS,
  MAX_PROVIDER_SUPERVISOR_OPERATIONS,
  MAX_PROVIDER_SUPERVISOR_OUTCOMES_PER_TICK,
  MAX_PROVIDER_SUPERVISOR_TOMBSTONES,
  MAX_PROVIDER_SUPERVISOR_WORK_PER_TICK,
  MAX_RUNTIME_ERROR_SUBSCRIBERS,
  MAX_SESSION_FRAME_SUBSCRIBERS,
  MIN_PROVIDER_STOP_GRACE,
  PROVIDER_EVENT_DRAIN_QUANTUM,
  PROVIDER_EXIT_PROOF_TIMEOUT,
  PTY_DESCENDANT_GRACE,
  PTY_EXIT_QUIET,
  PTY_SHUTDOWN_TIMEOUT,
  RESERVED_CLAUDE_LAUNCH_FLAGS,
  RESERVED_QWEN_SIDECAR_FLAGS,
  STARTUP_GATE_POLL_MS,
  STARTUP_GATE_SETTLE_MS,
  TERMINAL_FRAME_COST_SPACING,
  TERMINAL_FRAME_FLOOD_INTERVAL,
  TERMINAL_FRAME_QUIET,
  TERMINAL_FRAME_SCROLLBACK_MAX_ROWS,
  TERMINAL_SCROLLBACK_ROWS,
} from './constants.js';
export type { ChildProcessProviderExecutorConfig } from './executor/child-process-provider-executor.js';
export { ChildProcessProviderExecutor } from './executor/child-process-provider-executor.js';
export { ChildProcessProviderOperation } from './executor/child-process-provider-operation.js';
export type { ProviderInvocationDocument } from './executor/invocation-document.js';
export {
  encodeInvocationDocument,
  PROVIDER_INVOCATION_PROTOCOL,
  ProviderInvocationDocumentCodec,
  ProviderInvocationDocumentSchema,
} from './executor/invocation-document.js';
export {
  isPlatformChildEnvironmentKey,
  platformMinimalChildEnvironment,
  UNIX_CHILD_ENV_ALLOWLIST,
  WINDOWS_CHILD_ENV_ALLOWLIST,
} from './executor/minimal-child-environment.js';
export type {
  ProviderResultBody,
  ProviderResultDocument,
} from './executor/provider-result-document.js';
export {
  decodeProviderResult,
  decodeProviderResultDocument,
  ProviderResultBodySchema,
  ProviderResultDocumentCodec,
  ProviderResultDocumentSchema,
  parseProviderResultDocument,
  providerResultObservation,
} from './executor/provider-result-document.js';
export { currentRuntimePlatform } from './pty/current-runtime-platform.js';
export type { NodePtyModule } from './pty/pty-addon.js';
export { loadPtyAddon, PTY_ADDON_BUILD_HINT } from './pty/pty-addon.js';
export { PtySessionError } from './pty/pty-session-error.js';
export { hostExitKillCount, registerHostExitKill } from './runtime/host-exit-kills.js';
export {
  NativeProviderControlError,
  NativeProviderShutdownError,
} from './runtime/native-provider-control-error.js';
export { NativeRuntime } from './runtime/native-runtime.js';
export type { NativeRuntimeConfig } from './runtime/native-runtime-config.js';
export {
  DEFAULT_NATIVE_RUNTIME_CONFIG,
  nativeRuntimeConfig,
} from './runtime/native-runtime-config.js';
export { NativeRuntimeError } from './runtime/native-runtime-error.js';
export type {
  CreateNativeRuntimeOptions,
  NativeRuntimeOptions,
  NativeRuntimeParts,
} from './runtime/native-runtime-options.js';
export type { NativeRuntimeTick } from './runtime/native-runtime-tick.js';
export type { WaitUntilOptions } from './runtime/wait-until-published.js';
export { AgentSession } from './session/agent-session.js';
export { AgentSessionError } from './session/agent-session-error.js';
export type {
  AgentExit,
  AgentStopOptions,
  LaunchAgentOptions,
  WaitForOptions,
} from './session/launch-agent-options.js';
export type { McpAttacher, McpAttachment, McpAttachRequest } from './session/mcp-launch.js';
export type { ScreenMatcher } from './session/screen-matcher.js';
export { timeoutSignal, untilChanged } from './session/until-changed.js';
export type { PhysicalExitAck } from './supervisor/physical-exit-ack.js';
export type { ProviderStopCause } from './supervisor/provider-stop-cause.js';
export type { ProviderSupervisorOptions } from './supervisor/provider-supervisor.js';
export { ProviderSupervisor } from './supervisor/provider-supervisor.js';
export { ProviderSupervisorBuildError } from './supervisor/provider-supervisor-build-error.js';
export type {
  ExecutorMethod,
  ProviderSupervisorFault,
  ProviderSupervisorFaultKind,
} from './supervisor/provider-supervisor-fault.js';
export { describeFaultKind } from './supervisor/provider-supervisor-fault.js';
export type {
  ProviderOperationSnapshot,
  ProviderSupervisorSnapshot,
} from './supervisor/provider-supervisor-snapshot.js';
export type { ProviderSupervisorState } from './supervisor/provider-supervisor-state.js';
export type { ProviderSupervisorTick } from './supervisor/provider-supervisor-tick.js';
