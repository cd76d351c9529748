import type { AgentRegistry } from '@gate4agent/agent-catalog';
import type {
  ControlPlaneKernelPort,
  Gate4AgentHandle,
  ToolAuthorityHandle,
} from '@gate4agent/handle';
import { ListenerSet } from '@gate4agent/handle';
import type { Gate4AgentKernel } from '@gate4agent/kernel';
import type { CapabilityProviderDescriptor } from '@gate4agent/tool-protocol';
import { Gate4AgentError } from '@gate4agent/types';
import type { McpAttacher } from '../session/mcp-launch.js';
import { NativeEffectDispatcher } from '../workers/native-effect-dispatcher.js';
import { DriverSchedule } from './driver-schedule.js';
import { HostDriver } from './host-driver.js';
import { registerHostExitKill } from './host-exit-kills.js';
import { type SessionIds, sessionIds } from './launch-agent.js';
import { McpLaunches } from './mcp-launches.js';
import { NativeProviders } from './native-providers.js';
import type { NativeRuntimeConfig } from './native-runtime-config.js';
import { NativeRuntimeError } from './native-runtime-error.js';
import type { NativeRuntimeOptions } from './native-runtime-options.js';
import { RuntimeErrorChannel } from './runtime-error-channel.js';

/** Everything a `NativeRuntime` owns; the class is a thin front over functions of this state. */
export interface NativeRuntimeState {
  readonly config: NativeRuntimeConfig;
  readonly kernel: Gate4AgentKernel;
  readonly toolAuthority: ToolAuthorityHandle;
  readonly port: ControlPlaneKernelPort;
  readonly providers: NativeProviders;
  readonly dispatcher: NativeEffectDispatcher;
  /** The instances' MCP launches; their overlays are read by the dispatcher at each spawn. */
  readonly mcpLaunches: McpLaunches;
  readonly mcp: McpAttacher | undefined;
  readonly driver: HostDriver;
  readonly now: () => number;
  readonly unsubscribeIngress: () => void;
  /** The runtime's own clone of the application's handle (its sessions dispatch through it). */
  readonly handle: Gate4AgentHandle;
  /** `onPublish` listeners, notified after every published tick or provider pass. */
  readonly published: ListenerSet;
  readonly sessionIds: SessionIds;
  readonly errors: RuntimeErrorChannel;
  readonly unregisterHostExit: (() => void) | null;
  readonly schedule: DriverSchedule;
  /** The one disposal, once `dispose()` was called. */
  disposed: Promise<void> | null;
}

/** What the runtime is built from. */
export interface RuntimeStateParts {
  readonly catalog: AgentRegistry;
  readonly config: NativeRuntimeConfig;
  readonly kernel: Gate4AgentKernel;
  readonly providers: readonly CapabilityProviderDescriptor[];
  readonly port: ControlPlaneKernelPort;
  readonly toolAuthority: ToolAuthorityHandle;
  readonly handle: Gate4AgentHandle;
  readonly options: NativeRuntimeOptions;
}

/** What the state calls back into its runtime for. */
export interface NativeRuntimeCallbacks {
  /** The runtime's public `tick()` (the host driver's full step goes through it). */
  readonly tick: () => void;
  /** The host driver's step (a full tick or a provider pass). */
  readonly driverStep: () => void;
  /** The synchronous kill a host runs when it exits. */
  readonly killOnHostExit: () => void;
}

/**
 * Wires a runtime's parts: the provider plane, the driver and its schedule, the effect
 * dispatcher, the error channel, the ingress and listener-error subscriptions and the host-exit
 * kill.
 */
export function createNativeRuntimeState(
  parts: RuntimeStateParts,
  callbacks: NativeRuntimeCallbacks,
): NativeRuntimeState {
  const { config, kernel, port, options } = parts;
  const errors = new RuntimeErrorChannel();
  const now = options.now ?? (() => performance.now());
  // The driver is built after what wakes it; every wake runs after construction.
  const wake = () => driver.wake();
  const published = new ListenerSet(
    options.onListenerError ?? ((error) => errors.report(NativeRuntimeError.listenerThrew(error))),
  );
  const providers = new NativeProviders(
    {
      port,
      stopGraceMs: config.providerStopGraceMs,
      now,
      wake,
      reportError: (error) => errors.report(error),
    },
    parts.providers,
  );
  const schedule = new DriverSchedule({
    now,
    pendingInput: () => dispatcher.hasPendingObservations() || port.hasPendingIngress(),
    openToolRequests: () => kernel.openToolRequestCount(),
    providerDelay: (at) => providers.nextTickDelay(at),
  });
  const driver = new HostDriver(
    callbacks.driverStep,
    () => schedule.nextDelay(),
    (error) => errors.report(NativeRuntimeError.tickThrew(error)),
    { now, deadline: () => providers.nextDeadline() },
  );
  const unsubscribeIngress = port.onIngress(wake);
  port.onListenerError((error) => errors.report(NativeRuntimeError.listenerThrew(error)));
  const mcpLaunches = new McpLaunches((error) => errors.report(error));
  const dispatcher = new NativeEffectDispatcher(
    parts.catalog,
    config,
    wake,
    undefined,
    (instanceId, error) => errors.report(NativeRuntimeError.sessionWorkerFailed(instanceId, error)),
    mcpLaunches.overlays,
  );
  return {
    config,
    kernel,
    toolAuthority: parts.toolAuthority,
    port,
    providers,
    dispatcher,
    mcpLaunches,
    mcp: options.mcp,
    driver,
    now,
    unsubscribeIngress,
    handle: parts.handle,
    published,
    sessionIds: sessionIds(),
    errors,
    unregisterHostExit:
      options.killOnHostExit === false ? null : registerHostExitKill(callbacks.killOnHostExit),
    schedule,
    disposed: null,
  };
}

/** Throws `Gate4AgentError` `disposed` once the runtime was disposed. */
export function assertLive(state: NativeRuntimeState): void {
  if (state.disposed !== null) {
    throw new Gate4AgentError(
      'disposed',
      'NativeRuntime was disposed; build a new runtime to keep going',
    );
  }
}
