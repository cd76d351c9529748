// @gate4agent/runtime-native/supervisor (ARCHITECTURE decision 16): the provider supervisor, the
// child-process executor, their constants and the provider-executor contract. Nothing this entry
// loads imports node-pty or @xterm/headless, so it works where node-pty did not build.

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
  DEFAULT_PROVIDER_STOP_GRACE,
  MAX_PROVIDER_FORCE_STOP_ATTEMPTS,
  MAX_PROVIDER_STOP_SIGNAL_ATTEMPTS,
  MAX_PROVIDER_SUPERVISOR_EVENTS,
  MAX_PROVIDER_SUPERVISOR_OPERATIONS,
  MAX_PROVIDER_SUPERVISOR_OUTCOMES_PER_TICK,
  MAX_PROVIDER_SUPERVISOR_TOMBSTONES,
  MAX_PROVIDER_SUPERVISOR_WORK_PER_TICK,
  MIN_PROVIDER_STOP_GRACE,
} from '../constants.js';
export type { ChildProcessProviderExecutorConfig } from '../executor/child-process-provider-executor.js';
export { ChildProcessProviderExecutor } from '../executor/child-process-provider-executor.js';
export { ChildProcessProviderOperation } from '../executor/child-process-provider-operation.js';
export type { ProviderInvocationDocument } from '../executor/invocation-document.js';
export {
  encodeInvocationDocument,
  PROVIDER_INVOCATION_PROTOCOL,
  ProviderInvocationDocumentCodec,
  ProviderInvocationDocumentSchema,
} from '../executor/invocation-document.js';
export {
  isPlatformChildEnvironmentKey,
  platformMinimalChildEnvironment,
  UNIX_CHILD_ENV_ALLOWLIST,
  WINDOWS_CHILD_ENV_ALLOWLIST,
} from '../executor/minimal-child-environment.js';
export type {
  ProviderResultBody,
  ProviderResultDocument,
} from '../executor/provider-result-document.js';
export {
  decodeProviderResult,
  decodeProviderResultDocument,
  ProviderResultBodySchema,
  ProviderResultDocumentCodec,
  ProviderResultDocumentSchema,
  parseProviderResultDocument,
  providerResultObservation,
} from '../executor/provider-result-document.js';
export type { PhysicalExitAck } from './physical-exit-ack.js';
export type { ProviderStopCause } from './provider-stop-cause.js';
export type { ProviderSupervisorOptions } from './provider-supervisor.js';
export { ProviderSupervisor } from './provider-supervisor.js';
export { ProviderSupervisorBuildError } from './provider-supervisor-build-error.js';
export {
  describeFaultKind,
  type ProviderSupervisorFault,
  type ProviderSupervisorFaultKind,
} from './provider-supervisor-fault.js';
export type {
  ProviderOperationSnapshot,
  ProviderSupervisorSnapshot,
} from './provider-supervisor-snapshot.js';
export type { ProviderSupervisorState } from './provider-supervisor-state.js';
export type { ProviderSupervisorTick } from './provider-supervisor-tick.js';
