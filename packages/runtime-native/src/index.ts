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
  MAX_PROVIDER_FORCE_STOP_ATTEMPTS,
  MAX_PROVIDER_SHUTDOWN_TIMEOUT_MS,
  MAX_PROVIDER_STOP_SIGNAL_ATTEMPTS,
  MAX_PROVIDER_SUPERVISOR_EVENTS,
  MAX_PROVIDER_SUPERVISOR_OPERATIONS,
  MAX_PROVIDER_SUPERVISOR_OUTCOMES_PER_TICK,
  MAX_PROVIDER_SUPERVISOR_TOMBSTONES,
  MAX_PROVIDER_SUPERVISOR_WORK_PER_TICK,
  MIN_PROVIDER_STOP_GRACE,
  PROCESS_TABLE_TIMEOUT,
  PROVIDER_EVENT_DRAIN_QUANTUM,
  PTY_DESCENDANT_GRACE,
  PTY_EXIT_QUIET,
  PTY_ROOT_KILL_WAIT,
  PTY_SHUTDOWN_TIMEOUT,
  RESERVED_CLAUDE_LAUNCH_FLAGS,
  RESERVED_QWEN_SIDECAR_FLAGS,
  STARTUP_GATE_POLL_MS,
  STARTUP_GATE_SETTLE_MS,
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
export { validateInstanceLaunchArguments } from './pty/launch-arguments.js';
export { NativeEffectShell } from './pty/native-effect-shell.js';
export type { NativeSessionKey } from './pty/native-session-key.js';
export type { PtyForegroundObservation } from './pty/observe-foreground.js';
export type { NodePtyModule } from './pty/pty-addon.js';
export { loadPtyAddon, PTY_ADDON_BUILD_HINT } from './pty/pty-addon.js';
export type { PtyExit } from './pty/pty-exit.js';
export type { PtyShutdownOutcome, PtySpawnOptions } from './pty/pty-session.js';
export { PtySession } from './pty/pty-session.js';
export type { PtyTerminalSnapshot } from './pty/pty-terminal-snapshot.js';
export { terminalFrame } from './pty/pty-terminal-snapshot.js';
export type { NativeLaunchOverlay } from './pty/spawn-native.js';
export {
  prepareFreshPtyProviderSession,
  shouldAttachPtyProviderStream,
  shouldProbePtyIdentity,
  validateSpawnRuntimePolicy,
} from './pty/spawn-policy.js';
export type { ProcessTreeTermination } from './pty/stop-process-tree.js';
export { TerminalScreen } from './pty/terminal-screen.js';
export type { ReadinessIntent } from './pty/wait-for-readiness.js';
export { waitForReadiness } from './pty/wait-for-readiness.js';
export {
  NativeProviderControlError,
  NativeProviderShutdownError,
} from './runtime/native-provider-control-error.js';
export type { NativeRuntimeOptions } from './runtime/native-runtime.js';
export { NativeRuntime } from './runtime/native-runtime.js';
export type { NativeRuntimeConfig } from './runtime/native-runtime-config.js';
export {
  DEFAULT_NATIVE_RUNTIME_CONFIG,
  nativeRuntimeConfig,
} from './runtime/native-runtime-config.js';
export type { NativeRuntimeTick } from './runtime/native-runtime-tick.js';
export type { PhysicalExitAck } from './supervisor/physical-exit-ack.js';
export type { ProviderStopCause } from './supervisor/provider-stop-cause.js';
export type { ProviderSupervisorOptions } from './supervisor/provider-supervisor.js';
export { ProviderSupervisor } from './supervisor/provider-supervisor.js';
export { ProviderSupervisorBuildError } from './supervisor/provider-supervisor-build-error.js';
export type {
  ProviderSupervisorFault,
  ProviderSupervisorFaultKind,
} from './supervisor/provider-supervisor-fault.js';
export type {
  ProviderOperationSnapshot,
  ProviderSupervisorSnapshot,
} from './supervisor/provider-supervisor-snapshot.js';
export type { ProviderSupervisorState } from './supervisor/provider-supervisor-state.js';
export type { ProviderSupervisorTick } from './supervisor/provider-supervisor-tick.js';
export type { DrainedObservations } from './workers/native-effect-dispatcher.js';
export { NativeEffectDispatcher } from './workers/native-effect-dispatcher.js';
