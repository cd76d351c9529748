import { setTimeout as delay } from 'node:timers/promises';
import type { AgentRegistry } from '@gate4agent/agent-catalog';
import type {
  ControlPlaneKernelPort,
  Gate4AgentHandle,
  NativeProviderExecutor,
  Subscription,
  ToolAuthorityError,
  ToolAuthorityHandle,
  ToolClientHandle,
} from '@gate4agent/handle';
import { boundedControlPlane, ListenerSet } from '@gate4agent/handle';
import { Gate4AgentKernel } from '@gate4agent/kernel';
import type { ToolEngineError } from '@gate4agent/tool-engine';
import {
  CapabilityProviderDescriptor,
  type ProviderBindingId,
  type ToolActorId,
  type ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { AgentId, Result } from '@gate4agent/types';
import { err, Gate4AgentError, ok } from '@gate4agent/types';
import { MAX_PROVIDER_SHUTDOWN_TIMEOUT_MS } from '../constants.js';
import type { NativeLaunchOverlay } from '../pty/spawn-native.js';
import type { AgentSession } from '../session/agent-session.js';
import type { LaunchAgentOptions } from '../session/launch-agent-options.js';
import type { McpAttacher } from '../session/mcp-launch.js';
import type { PhysicalExitAck } from '../supervisor/physical-exit-ack.js';
import type { ProviderSupervisorFault } from '../supervisor/provider-supervisor-fault.js';
import type { ProviderSupervisorSnapshot } from '../supervisor/provider-supervisor-snapshot.js';
import { NativeEffectDispatcher } from '../workers/native-effect-dispatcher.js';
import {
  assertExecutor,
  assertLimit,
  checkProviderId,
  checkWorkCapacity,
} from './check-runtime-input.js';
import { DriverSchedule } from './driver-schedule.js';
import { HostDriver } from './host-driver.js';
import { registerHostExitKill } from './host-exit-kills.js';
import { launchAgentSession, type SessionIds, sessionIds } from './launch-agent.js';
import {
  type NativeProviderControlError,
  NativeProviderShutdownError,
} from './native-provider-control-error.js';
import { NativeProviders } from './native-providers.js';
import {
  clampedCommandCapacity,
  type NativeRuntimeConfig,
  nativeRuntimeConfig,
} from './native-runtime-config.js';
import { NativeRuntimeError } from './native-runtime-error.js';
import type {
  CreateNativeRuntimeOptions,
  NativeRuntimeOptions,
  NativeRuntimeParts,
} from './native-runtime-options.js';
import type { NativeRuntimeTick } from './native-runtime-tick.js';
import { RuntimeErrorChannel } from './runtime-error-channel.js';
import { type WaitUntilOptions, waitUntilPublished } from './wait-until-published.js';

/**
 * The single owner of a tick-driven control plane: the pure kernel, the bounded handle layer,
 * one serial effect worker per agent instance (real PTYs) and one provider supervisor per
 * installed native tool provider. Apps keep the returned `Gate4AgentHandle` and this runtime,
 * and call `tick()` (or `start()` a host driver) to make progress.
 */
export class NativeRuntime implements AsyncDisposable {
  readonly #config: NativeRuntimeConfig;
  readonly #kernel: Gate4AgentKernel;
  readonly #toolAuthority: ToolAuthorityHandle;
  readonly #port: ControlPlaneKernelPort;
  readonly #providers: NativeProviders;
  readonly #dispatcher: NativeEffectDispatcher;
  readonly #launchOverlays = new Map<number, NativeLaunchOverlay>();
  readonly #mcp: McpAttacher | undefined;
  readonly #driver: HostDriver;
  readonly #now: () => number;
  readonly #unsubscribeIngress: () => void;
  readonly #handle: Gate4AgentHandle;
  readonly #published: ListenerSet;
  readonly #sessionIds: SessionIds;
  readonly #errors = new RuntimeErrorChannel();
  readonly #unregisterHostExit: (() => void) | null;
  readonly #schedule: DriverSchedule;
  #disposed: Promise<void> | null = null;

  private constructor(
    catalog: AgentRegistry,
    config: NativeRuntimeConfig,
    kernel: Gate4AgentKernel,
    providers: readonly CapabilityProviderDescriptor[],
    port: ControlPlaneKernelPort,
    toolAuthority: ToolAuthorityHandle,
    handle: Gate4AgentHandle,
    options: NativeRuntimeOptions,
  ) {
    this.#handle = handle;
    this.#published = new ListenerSet(
      options.onListenerError ??
        ((error) => this.#errors.report(NativeRuntimeError.listenerThrew(error))),
    );
    this.#sessionIds = sessionIds();
    this.#config = config;
    this.#kernel = kernel;
    this.#port = port;
    this.#toolAuthority = toolAuthority;
    this.#now = options.now ?? (() => performance.now());
    this.#providers = new NativeProviders(
      {
        port,
        stopGraceMs: config.providerStopGraceMs,
        now: this.#now,
        wake: () => this.#driver.wake(),
        reportError: (error) => this.#errors.report(error),
      },
      providers,
    );
    this.#schedule = new DriverSchedule({
      now: this.#now,
      pendingInput: () =>
        this.#dispatcher.hasPendingObservations() || this.#port.hasPendingIngress(),
      openToolRequests: () => this.#kernel.openToolRequestCount(),
      providerDelay: (now) => this.#providers.nextTickDelay(now),
    });
    this.#driver = new HostDriver(
      () => this.#driverStep(),
      () => this.#schedule.nextDelay(),
      (error) => this.#errors.report(NativeRuntimeError.tickThrew(error)),
      { now: this.#now, deadline: () => this.#providers.nextDeadline() },
    );
    const wake = () => this.#driver.wake();
    this.#unsubscribeIngress = port.onIngress(wake);
    port.onListenerError((error) => this.#errors.report(NativeRuntimeError.listenerThrew(error)));
    this.#dispatcher = new NativeEffectDispatcher(
      catalog,
      config,
      wake,
      undefined,
      (instanceId, error) =>
        this.#errors.report(NativeRuntimeError.sessionWorkerFailed(instanceId, error)),
      this.#launchOverlays,
    );
    this.#mcp = options.mcp;
    this.#unregisterHostExit =
      options.killOnHostExit === false ? null : registerHostExitKill(() => this.#killOnHostExit());
  }

  static #build(
    catalog: AgentRegistry,
    config: Partial<NativeRuntimeConfig>,
    kernel: Gate4AgentKernel,
    providers: readonly CapabilityProviderDescriptor[],
    options: NativeRuntimeOptions,
  ): [Gate4AgentHandle, NativeRuntime] {
    const resolved = nativeRuntimeConfig(config);
    const [handle, toolAuthority, port] = boundedControlPlane(clampedCommandCapacity(resolved));
    const runtime = new NativeRuntime(
      catalog,
      resolved,
      kernel,
      providers,
      port,
      toolAuthority,
      handle.clone(),
      options,
    );
    return [handle, runtime];
  }

  /**
   * A runtime over `catalog`, with the tool `providers` registered in its tool engine: the
   * TypeScript shape of {@link NativeRuntime.new} and {@link NativeRuntime.newWithToolProviders}.
   * Fails only when a provider descriptor is invalid (see `ToolEngineError`).
   */
  static create(
    catalog: AgentRegistry,
    options: CreateNativeRuntimeOptions = {},
  ): Result<NativeRuntimeParts, ToolEngineError> {
    const { config = {}, providers = [], ...rest } = options;
    const built = NativeRuntime.newWithToolProviders(catalog, config, providers, rest);
    if (!built.ok) return built;
    const [handle, runtime] = built.value;
    return ok({ handle, runtime });
  }

  /**
   * A runtime over `catalog` with no tool providers (upstream `NativeRuntime::new`). Returns the
   * Rust tuple `[handle, runtime]`; {@link NativeRuntime.create} returns them by name.
   */
  static new(
    catalog: AgentRegistry,
    config: Partial<NativeRuntimeConfig> = {},
    options: NativeRuntimeOptions = {},
  ): [Gate4AgentHandle, NativeRuntime] {
    return NativeRuntime.#build(catalog, config, new Gate4AgentKernel(catalog), [], options);
  }

  /**
   * A runtime whose tool engine registers `providers` (validated: capabilities, namespaces, at
   * most 64 providers, no duplicate id); they can later be installed as native providers.
   * Upstream `NativeRuntime::new_with_tool_providers`; {@link NativeRuntime.create} is the
   * TypeScript shape.
   */
  static newWithToolProviders(
    catalog: AgentRegistry,
    config: Partial<NativeRuntimeConfig>,
    providers: Iterable<CapabilityProviderDescriptor>,
    options: NativeRuntimeOptions = {},
  ): Result<[Gate4AgentHandle, NativeRuntime], ToolEngineError> {
    // The tool engine checks and copies each descriptor; these copies are the runtime's own.
    const list = [...providers].map((descriptor) => {
      const checked = CapabilityProviderDescriptor.codec.checkValue(descriptor);
      return checked.ok ? checked.value : descriptor;
    });
    const kernel = Gate4AgentKernel.withToolProviders(catalog, list);
    if (!kernel.ok) return err(kernel.error);
    return ok(NativeRuntime.#build(catalog, config, kernel.value, list, options));
  }

  /** The effective configuration (defaults with the caller's overrides). */
  config(): NativeRuntimeConfig {
    return this.#config;
  }

  /**
   * The tool authority created with this runtime's control plane: grants (`await grant(…)`),
   * revocations, approvals and client binding.
   */
  toolAuthority(): ToolAuthorityHandle {
    return this.#toolAuthority;
  }

  /**
   * Binds a new tool client acting as `actorId` (`toolAuthority().bindClient`): `await
   * client.request(input, { signal })` resolves with the request's completion.
   */
  toolClient(actorId: ToolActorId): Result<ToolClientHandle, ToolAuthorityError> {
    return this.#toolAuthority.bindClient(actorId);
  }

  /**
   * Launches `agentId` in a PTY and resolves once its process runs: the common case, on top of the
   * control handle. Starts the host driver if it is not running. Rejects with a `Gate4AgentError`
   * when the agent is refused or ends while starting, and with `signal.reason` when aborted (a
   * session already started is then stopped and removed).
   */
  launchAgent(agentId: AgentId, options: LaunchAgentOptions = {}): Promise<AgentSession> {
    this.#live();
    this.start();
    return launchAgentSession(
      {
        handle: this.#handle,
        onPublish: (listener) => this.onPublish(listener),
        disposed: () => this.#disposed !== null,
        nextCommandId: () => this.#sessionIds.nextCommandId(),
      },
      this.#sessionIds.nextInstanceId(this.#handle.snapshot()),
      agentId,
      options,
      { attacher: this.#mcp, overlays: this.#launchOverlays },
    );
  }

  /**
   * Calls `listener` synchronously after every tick has published its step (snapshots, events and
   * completions are readable), and after every pass of the provider supervisors the host driver
   * runs alone. A listener that throws does not disturb the tick or the others; its exception
   * goes to `onListenerError`. Returns the unsubscribe function.
   */
  onPublish(listener: () => void): () => void {
    return this.#published.add(listener);
  }

  /**
   * Resolves with the first truthy value of `check`, checked now and after every published tick
   * (no timer, no poll): `await runtime.waitUntil(() => client.snapshot().grants.length > 0)`.
   * Rejects with `signal.reason` when aborted, with what `check` threw, or with a
   * `Gate4AgentError` `disposed` when the runtime is disposed first.
   */
  waitUntil<T>(check: () => T | undefined | null | false, options?: WaitUntilOptions): Promise<T> {
    return waitUntilPublished(
      (listener) => this.onPublish(listener),
      () => this.#disposed !== null,
      check,
      options,
    );
  }

  /** Live native sessions across all workers. */
  activeNativeSessions(): number {
    return this.#dispatcher.activeSessions();
  }

  /**
   * One synchronous host tick, never awaiting: (1) drain worker observations, (2) drain ingress,
   * (3) kernel step, (4) dispatch control effects to workers, (5) publish the step, (6) tick each
   * provider supervisor in provider-id order, (7) collect their acks and faults.
   */
  tick(): NativeRuntimeTick {
    this.#live();
    const config = this.#config;
    const drained = this.#dispatcher.drainObservations(Math.max(1, config.maxObservationsPerTick));
    const ingress = this.#port.drainIngress(Math.max(1, config.maxCommandsPerTick));
    const step = this.#kernel.stepControlPlane(ingress, drained.observations);
    this.#schedule.kernelStepped();
    for (const effect of step.effects) this.#dispatcher.dispatch(effect);
    const published = this.#port.publishStep(step);
    this.#providers.tick();
    this.#published.notify();
    return {
      commandOutcomes: step.commandOutcomes,
      effectsDispatched: step.effects.length,
      observationsApplied: drained.observations.length,
      terminalFramesCollected: drained.terminalFramesCollected,
      snapshotRevision: step.snapshot.revision,
      publishReport: published.controlEvents,
    };
  }

  /**
   * Installs a supervisor for a registered, gate-owned provider and queues its attach; the
   * binding is usable by clients after the next tick. A closed predecessor is replaced once its
   * acks and faults have been drained.
   */
  installNativeProvider(
    providerId: ToolProviderId,
    workCapacity: number,
    executor: NativeProviderExecutor,
  ): Result<ProviderBindingId, NativeProviderControlError> {
    this.#live();
    const checkedId = checkProviderId('installNativeProvider', providerId);
    if (!checkedId.ok) return checkedId;
    const checkedCapacity = checkWorkCapacity(workCapacity);
    if (!checkedCapacity.ok) return checkedCapacity;
    assertExecutor(executor);
    return this.#providers.install(providerId, workCapacity, executor);
  }

  /** Begins the retirement of one provider (idempotent); keep ticking until it is closed. */
  retireNativeProvider(providerId: ToolProviderId): Result<void, NativeProviderControlError> {
    this.#live();
    const checked = checkProviderId('retireNativeProvider', providerId);
    if (!checked.ok) return checked;
    return this.#providers.retire(providerId);
  }

  /** Begins the retirement of every provider; returns the first error after trying them all. */
  retireAllNativeProviders(): Result<void, NativeProviderControlError> {
    this.#live();
    return this.#providers.retireAll();
  }

  /** True once every installed supervisor is closed (vacuously true with none). */
  nativeProviderShutdownComplete(): boolean {
    return this.#providers.shutdownComplete();
  }

  /**
   * Retires every provider and ticks (sleeping `workerPollIntervalMs` between ticks) until all
   * are closed, or fails with the still-open snapshots at `providerShutdownTimeoutMs`. Acks and
   * faults stay buffered for the owner to drain.
   */
  async shutdownNativeProviders(): Promise<Result<void, NativeProviderShutdownError>> {
    const retired = this.retireAllNativeProviders();
    const timeout = Math.min(
      Math.max(this.#config.providerShutdownTimeoutMs, 1),
      MAX_PROVIDER_SHUTDOWN_TIMEOUT_MS,
    );
    const deadline = this.#now() + timeout;
    while (!this.nativeProviderShutdownComplete()) {
      this.tick();
      if (this.nativeProviderShutdownComplete()) break;
      const now = this.#now();
      if (now >= deadline) {
        return err(NativeProviderShutdownError.timedOut(this.#providers.pendingSnapshots()));
      }
      await delay(Math.min(Math.max(this.#config.workerPollIntervalMs, 1), deadline - now));
    }
    return retired.ok ? ok() : err(NativeProviderShutdownError.control(retired.error));
  }

  /** The supervisor's snapshot, or `null` when the provider is not installed. */
  nativeProviderSnapshot(providerId: ToolProviderId): ProviderSupervisorSnapshot | null {
    return this.#providers.snapshot(providerId);
  }

  /** Collects, then removes up to `limit` physical-exit acks, oldest first. */
  drainProviderExitAcks(limit: number): PhysicalExitAck[] {
    assertLimit('drainProviderExitAcks', limit);
    return this.#providers.drainExitAcks(limit);
  }

  /**
   * Subscribes to the physical-exit acks of every provider: `for await (const ack of
   * runtime.subscribeProviderExitAcks(64))`. While any ack subscription is open, collected acks go
   * to the subscriptions instead of waiting for {@link drainProviderExitAcks}; a subscription that
   * falls `capacity` behind is disconnected (it drains what it holds, then ends).
   */
  subscribeProviderExitAcks(capacity: number): Subscription<PhysicalExitAck> {
    return this.#providers.subscribeExitAcks(capacity);
  }

  /** Subscribes to supervisor faults, like {@link subscribeProviderExitAcks}. */
  subscribeProviderFaults(capacity: number): Subscription<ProviderSupervisorFault> {
    return this.#providers.subscribeFaults(capacity);
  }

  /** Collects, then removes up to `limit` supervisor faults, oldest first. */
  drainProviderFaults(limit: number): ProviderSupervisorFault[] {
    assertLimit('drainProviderFaults', limit);
    return this.#providers.drainFaults(limit);
  }

  /**
   * Starts the host driver: ticks on the event loop, at once when ingress or a worker observation
   * arrives, every 10 ms while a tool request is open, and not at all while idle (no timer is
   * scheduled, so an idle runtime burns no CPU). Executor activity, the exact stop-grace
   * deadlines and operations that must be polled get a pass of the provider supervisors alone,
   * without a kernel step, unless the kernel is due anyway.
   */
  start(): void {
    this.#live();
    this.#driver.start();
  }

  /** Stops the host driver; manual `tick()` keeps working. */
  async stop(): Promise<void> {
    this.#driver.stop();
  }

  /**
   * Asks the host driver for an immediate step: a full tick when the kernel has input or its
   * clock is due, else a pass of the provider supervisors (see {@link start}). Rarely needed:
   * every dispatch through a handle, client or authority already wakes it.
   */
  wake(): void {
    this.#driver.wake();
  }

  /**
   * The exception the last failed tick threw, or `null`. The driver no longer stops on one: it
   * reports it on the error channel (`tick-threw`) and goes on ticking.
   */
  driverError(): unknown {
    return this.#driver.error;
  }

  /**
   * Calls `listener` with every failure the runtime contained (a faulted or throwing provider, a
   * failed session worker, a throwing listener, a throwing tick). Returns the unsubscribe
   * function. An exception `listener` throws is re-thrown from a later macrotask. When nobody
   * listens or subscribes, exceptions (all kinds but `provider-faulted`) are re-thrown likewise.
   */
  onError(listener: (error: NativeRuntimeError) => void): () => void {
    return this.#errors.onError(listener);
  }

  /**
   * The same errors as {@link onError}, as a bounded subscription of `capacity`; read it with
   * `tryRecv()`, `await sub.next({ signal })` or `for await (const error of sub)`.
   */
  subscribeErrors(capacity: number): Subscription<NativeRuntimeError> {
    return this.#errors.subscribe(capacity);
  }

  // Synchronous, for a host that is exiting: SIGKILL every live operation and PTY session.
  #killOnHostExit(): void {
    this.#providers.killOnHostExit();
    this.#dispatcher.kill();
  }

  #live(): void {
    if (this.#disposed !== null) {
      throw new Gate4AgentError(
        'disposed',
        'NativeRuntime was disposed; build a new runtime to keep going',
      );
    }
  }

  /**
   * The host driver's step: a full {@link tick} when the kernel has something to reduce (ingress,
   * worker observations) or its clock is due, otherwise only the provider supervisors' pass
   * (executor activity, stop-grace deadlines, submitting ready results), which reads nothing the
   * kernel would change. A manual `tick()` always steps the kernel.
   */
  #driverStep(): void {
    if (this.#schedule.kernelDue()) {
      this.tick();
      return;
    }
    this.#live();
    this.#providers.tick();
    this.#published.notify();
  }

  /**
   * Releases everything this runtime owns: stops the driver, sends every live provider operation
   * one best-effort force stop (not a clean shutdown: use `shutdownNativeProviders()` first),
   * stops and reaps every PTY session, and closes the control plane. Idempotent; afterwards
   * `tick()`, installs, retirements and `start()` throw `Gate4AgentError` `disposed`.
   */
  dispose(): Promise<void> {
    this.#disposed ??= (async () => {
      this.#driver.stop();
      this.#unsubscribeIngress();
      this.#providers.dispose();
      await this.#dispatcher.dispose();
      this.#port.dispose();
      this.#unregisterHostExit?.();
      // One last notification: sessions and waitUntil see the runtime is gone and end their waits.
      this.#published.notify();
      this.#published.clear();
      this.#errors.close();
    })();
    return this.#disposed;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }
}
