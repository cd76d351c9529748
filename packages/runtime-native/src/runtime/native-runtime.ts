import type { AgentRegistry } from '@gate4agent/capability-catalog';
import type {
  ControlPlaneKernelPort,
  Gate4AgentHandle,
  NativeProviderExecutor,
  Subscription,
  ToolAuthorityHandle,
} from '@gate4agent/handle';
import { boundedControlPlane } from '@gate4agent/handle';
import { Gate4AgentKernel } from '@gate4agent/kernel';
import type { ToolEngineError } from '@gate4agent/tool-engine';
import type {
  CapabilityProviderDescriptor,
  ProviderBindingId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, Gate4AgentError, ok } from '@gate4agent/types';
import { HOST_TICK_INTERVAL, MAX_PROVIDER_SHUTDOWN_TIMEOUT_MS } from '../constants.js';
import type { PhysicalExitAck } from '../supervisor/physical-exit-ack.js';
import { ProviderSupervisor } from '../supervisor/provider-supervisor.js';
import type { ProviderSupervisorFault } from '../supervisor/provider-supervisor-fault.js';
import type { ProviderSupervisorSnapshot } from '../supervisor/provider-supervisor-snapshot.js';
import { NativeEffectDispatcher } from '../workers/native-effect-dispatcher.js';
import { HostDriver } from './host-driver.js';
import { registerHostExitKill } from './host-exit-kills.js';
import {
  NativeProviderControlError,
  NativeProviderShutdownError,
} from './native-provider-control-error.js';
import {
  clampedCommandCapacity,
  type NativeRuntimeConfig,
  nativeRuntimeConfig,
} from './native-runtime-config.js';
import { NativeRuntimeError } from './native-runtime-error.js';
import type { NativeRuntimeTick } from './native-runtime-tick.js';
import { ProviderEventQueues, providerIdsAfter } from './provider-event-queues.js';
import { RuntimeErrorChannel } from './runtime-error-channel.js';

/** Options of the {@link NativeRuntime} constructors beyond the config. */
export interface NativeRuntimeOptions {
  /** Monotonic clock in ms for grace windows and the shutdown deadline; `performance.now()` by default. */
  readonly now?: () => number;
  /**
   * SIGKILL every live provider operation and PTY session when the host process exits (normal
   * exit, `process.exit()`, SIGINT, SIGTERM, SIGHUP, an uncaught exception). Default `true`;
   * `false` leaves that to the app. A host killed with SIGKILL runs nothing (see the README).
   */
  readonly killOnHostExit?: boolean;
}

const EXECUTOR_FAULTS = new Set([
  'executor-threw',
  'invalid-executor-value',
  'executor-hung',
  'exit-unproven',
]);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  readonly #toolProviders = new Map<ToolProviderId, CapabilityProviderDescriptor>();
  readonly #supervisors = new Map<ToolProviderId, ProviderSupervisor>();
  readonly #events = new ProviderEventQueues();
  readonly #dispatcher: NativeEffectDispatcher;
  readonly #driver: HostDriver;
  readonly #now: () => number;
  /** Unsubscribes from each installed executor's activity signal. */
  readonly #executorActivity = new Map<ToolProviderId, () => void>();
  readonly #unsubscribeIngress: () => void;
  readonly #errors = new RuntimeErrorChannel();
  /** Providers whose executor broke during the current tick: retired after it. */
  readonly #toRetire = new Set<ToolProviderId>();
  readonly #unregisterHostExit: (() => void) | null;
  #disposed: Promise<void> | null = null;

  private constructor(
    catalog: AgentRegistry,
    config: NativeRuntimeConfig,
    kernel: Gate4AgentKernel,
    providers: readonly CapabilityProviderDescriptor[],
    port: ControlPlaneKernelPort,
    toolAuthority: ToolAuthorityHandle,
    options: NativeRuntimeOptions,
  ) {
    this.#config = config;
    this.#kernel = kernel;
    this.#port = port;
    this.#toolAuthority = toolAuthority;
    this.#now = options.now ?? (() => performance.now());
    for (const descriptor of providers) this.#toolProviders.set(descriptor.id, descriptor);
    this.#driver = new HostDriver(
      () => this.tick(),
      () => this.#nextTickDelay(),
      (error) => this.#errors.report(NativeRuntimeError.tickThrew(error)),
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
    );
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
      options,
    );
    return [handle, runtime];
  }

  /** A runtime over `catalog` with no tool providers (upstream `NativeRuntime::new`). */
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
   */
  static newWithToolProviders(
    catalog: AgentRegistry,
    config: Partial<NativeRuntimeConfig>,
    providers: Iterable<CapabilityProviderDescriptor>,
    options: NativeRuntimeOptions = {},
  ): Result<[Gate4AgentHandle, NativeRuntime], ToolEngineError> {
    const list = [...providers].map((descriptor) => structuredClone(descriptor));
    const kernel = Gate4AgentKernel.withToolProviders(catalog, list);
    if (!kernel.ok) return err(kernel.error);
    return ok(NativeRuntime.#build(catalog, config, kernel.value, list, options));
  }

  /** The effective configuration (defaults with the caller's overrides). */
  config(): NativeRuntimeConfig {
    return this.#config;
  }

  /** The tool authority created with this runtime's control plane. */
  toolAuthority(): ToolAuthorityHandle {
    return this.#toolAuthority;
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
    for (const effect of step.effects) this.#dispatcher.dispatch(effect);
    const published = this.#port.publishStep(step);
    for (const providerId of providerIdsAfter([...this.#supervisors.keys()], null)) {
      const supervisor = this.#supervisors.get(providerId);
      try {
        supervisor?.tick();
      } catch (error) {
        // Contained to this provider: report it, retire it, serve everyone else.
        this.#errors.report(NativeRuntimeError.providerTickThrew(providerId, error));
        this.#toRetire.add(providerId);
      }
    }
    this.#retireBrokenProviders();
    this.#events.collect(this.#supervisors);
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
    this.#events.collect(this.#supervisors);
    const existing = this.#supervisors.get(providerId);
    if (existing !== undefined) {
      const snapshot = existing.snapshot();
      if (snapshot.state !== 'closed') {
        return err(NativeProviderControlError.alreadyInstalled(snapshot.state));
      }
      if (snapshot.bufferedExitAcks !== 0 || snapshot.bufferedFaults !== 0) {
        return err(NativeProviderControlError.pendingSupervisorEvents());
      }
    }
    this.#supervisors.delete(providerId);
    this.#executorActivity.get(providerId)?.();
    this.#executorActivity.delete(providerId);
    const descriptor = this.#toolProviders.get(providerId);
    if (descriptor === undefined)
      return err(NativeProviderControlError.unknownProvider(providerId));
    if (descriptor.owner.kind !== 'gate') {
      return err(NativeProviderControlError.unsupportedOwner(providerId));
    }
    const bound = this.#port.providerAuthority().bindProvider(providerId, workCapacity);
    if (!bound.ok) return err(NativeProviderControlError.runtime(bound.error));
    const runtime = bound.value;
    const bindingId = runtime.bindingId();
    const supervisor = ProviderSupervisor.newWithStopGrace(
      descriptor,
      runtime,
      executor,
      Math.max(this.#config.providerStopGraceMs, 1),
      { now: this.#now, onFault: (fault) => this.#onSupervisorFault(providerId, fault) },
    );
    if (!supervisor.ok) {
      runtime.dispose();
      return err(NativeProviderControlError.build(supervisor.error));
    }
    this.#supervisors.set(providerId, supervisor.value);
    if (typeof executor.onActivity === 'function') {
      this.#executorActivity.set(
        providerId,
        executor.onActivity(() => this.#driver.wake()),
      );
    }
    return ok(bindingId);
  }

  /** Begins the retirement of one provider (idempotent); keep ticking until it is closed. */
  retireNativeProvider(providerId: ToolProviderId): Result<void, NativeProviderControlError> {
    this.#live();
    const supervisor = this.#supervisors.get(providerId);
    if (supervisor === undefined) return err(NativeProviderControlError.notInstalled(providerId));
    const retired = supervisor.beginRetirement();
    this.#driver.wake();
    return retired.ok ? ok() : err(NativeProviderControlError.runtime(retired.error));
  }

  /** Begins the retirement of every provider; returns the first error after trying them all. */
  retireAllNativeProviders(): Result<void, NativeProviderControlError> {
    this.#live();
    let first: NativeProviderControlError | null = null;
    for (const providerId of providerIdsAfter([...this.#supervisors.keys()], null)) {
      const retired = this.#supervisors.get(providerId)?.beginRetirement();
      if (retired !== undefined && !retired.ok && first === null) {
        first = NativeProviderControlError.runtime(retired.error);
      }
    }
    this.#driver.wake();
    return first === null ? ok() : err(first);
  }

  /** True once every installed supervisor is closed (vacuously true with none). */
  nativeProviderShutdownComplete(): boolean {
    for (const supervisor of this.#supervisors.values()) {
      if (supervisor.state() !== 'closed') return false;
    }
    return true;
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
        const pending = [...this.#supervisors.values()]
          .filter((supervisor) => supervisor.state() !== 'closed')
          .map((supervisor) => supervisor.snapshot())
          .sort((left, right) => (left.providerId < right.providerId ? -1 : 1));
        return err(NativeProviderShutdownError.timedOut(pending));
      }
      await sleep(Math.min(Math.max(this.#config.workerPollIntervalMs, 1), deadline - now));
    }
    return retired.ok ? ok() : err(NativeProviderShutdownError.control(retired.error));
  }

  /** The supervisor's snapshot, or `null` when the provider is not installed. */
  nativeProviderSnapshot(providerId: ToolProviderId): ProviderSupervisorSnapshot | null {
    return this.#supervisors.get(providerId)?.snapshot() ?? null;
  }

  /** Collects, then removes up to `limit` physical-exit acks, oldest first. */
  drainProviderExitAcks(limit: number): PhysicalExitAck[] {
    this.#events.collect(this.#supervisors);
    return this.#events.drainExitAcks(limit);
  }

  /** Collects, then removes up to `limit` supervisor faults, oldest first. */
  drainProviderFaults(limit: number): ProviderSupervisorFault[] {
    this.#events.collect(this.#supervisors);
    return this.#events.drainFaults(limit);
  }

  /**
   * Starts the host driver: ticks on the event loop, at once when ingress, a worker observation
   * or executor activity arrives, every 10 ms while a provider operation is owned, and not at
   * all while idle (no timer is scheduled, so an idle runtime burns no CPU).
   */
  start(): void {
    this.#live();
    this.#driver.start();
  }

  /** Stops the host driver; manual `tick()` keeps working. */
  async stop(): Promise<void> {
    this.#driver.stop();
  }

  /** Asks the host driver for an immediate tick (after dispatching work from outside). */
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

  #onSupervisorFault(providerId: ToolProviderId, fault: ProviderSupervisorFault): void {
    if (!fault.blocksDetach) return;
    this.#errors.report(NativeRuntimeError.providerFaulted(fault));
    if (EXECUTOR_FAULTS.has(fault.kind.kind)) this.#toRetire.add(providerId);
  }

  #retireBrokenProviders(): void {
    for (const providerId of [...this.#toRetire]) {
      this.#toRetire.delete(providerId);
      try {
        this.#supervisors.get(providerId)?.beginRetirement();
      } catch (error) {
        this.#errors.report(NativeRuntimeError.providerTickThrew(providerId, error));
      }
    }
  }

  // Synchronous, for a host that is exiting: SIGKILL every live operation and PTY session.
  #killOnHostExit(): void {
    for (const supervisor of this.#supervisors.values()) supervisor.killOnHostExit();
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
   * When the host driver must tick again without being woken: at once while observations or
   * ingress are left over (a tick takes a bounded batch), every {@link HOST_TICK_INTERVAL} while
   * a tool request is open (its deadline counts ticks) or a provider operation is owned
   * (executors are polled: `tryWait` probes the process group, and stop grace windows run on the
   * clock), otherwise never. Everything else that needs a tick
   * arrives as a wake: ingress sends, worker observations and frames, executor activity,
   * retirements. A PTY worker's own timing (output polling, stop grace) runs in the worker.
   */
  #nextTickDelay(): number | null {
    if (this.#dispatcher.hasPendingObservations() || this.#port.hasPendingIngress()) return 0;
    // Tool deadlines are logical ticks (runtime-native §17.4): an open request, even one that
    // only waits for approval, must keep the clock running or its deadline could never elapse.
    let delay: number | null = this.#kernel.openToolRequestCount() > 0 ? HOST_TICK_INTERVAL : null;
    const now = this.#now();
    for (const supervisor of this.#supervisors.values()) {
      if (supervisor.state() === 'closed') continue;
      if (supervisor.snapshot().operations.length > 0) delay ??= HOST_TICK_INTERVAL;
      // A stop grace or exit-proof window that ends before the next poll gets its own tick.
      const deadline = supervisor.nextDeadline();
      if (deadline !== null && deadline > now) {
        const until = Math.ceil(deadline - now);
        delay = delay === null ? until : Math.min(delay, until);
      }
    }
    return delay;
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
      for (const unsubscribe of this.#executorActivity.values()) unsubscribe();
      this.#executorActivity.clear();
      for (const supervisor of this.#supervisors.values()) supervisor.dispose();
      await this.#dispatcher.dispose();
      this.#port.dispose();
      this.#unregisterHostExit?.();
      this.#errors.close();
    })();
    return this.#disposed;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }
}
