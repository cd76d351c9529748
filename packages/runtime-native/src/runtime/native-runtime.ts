import type { AgentRegistry } from '@gate4agent/agent-catalog';
import type {
  Gate4AgentHandle,
  NativeProviderExecutor,
  Subscription,
  ToolAuthorityError,
  ToolAuthorityHandle,
  ToolClientHandle,
} from '@gate4agent/handle';
import { boundedControlPlane } from '@gate4agent/handle';
import { Gate4AgentKernel } from '@gate4agent/kernel';
import type { ToolEngineError } from '@gate4agent/tool-engine';
import {
  CapabilityProviderDescriptor,
  type ProviderBindingId,
  type ToolActorId,
  type ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { AgentId, Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import type { AgentSession } from '../session/agent-session.js';
import type { LaunchAgentOptions } from '../session/launch-agent-options.js';
import type { PhysicalExitAck } from '../supervisor/physical-exit-ack.js';
import type { ProviderSupervisorFault } from '../supervisor/provider-supervisor-fault.js';
import type { ProviderSupervisorSnapshot } from '../supervisor/provider-supervisor-snapshot.js';
import { disposeRuntime, killOnHostExit } from './dispose-runtime.js';
import { launchAgentSession } from './launch-agent.js';
import type {
  NativeProviderControlError,
  NativeProviderShutdownError,
} from './native-provider-control-error.js';
import {
  clampedCommandCapacity,
  type NativeRuntimeConfig,
  nativeRuntimeConfig,
} from './native-runtime-config.js';
import type { NativeRuntimeError } from './native-runtime-error.js';
import type {
  CreateNativeRuntimeOptions,
  NativeRuntimeOptions,
  NativeRuntimeParts,
} from './native-runtime-options.js';
import {
  assertLive,
  createNativeRuntimeState,
  type NativeRuntimeState,
  type RuntimeStateParts,
} from './native-runtime-state.js';
import type { NativeRuntimeTick } from './native-runtime-tick.js';
import {
  drainExitAcks,
  drainFaults,
  installProvider,
  retireAllProviders,
  retireProvider,
  shutdownProviders,
} from './provider-control.js';
import { driverStep, tickRuntime } from './tick-runtime.js';
import { type WaitUntilOptions, waitUntilPublished } from './wait-until-published.js';

/**
 * The single owner of a tick-driven control plane: the pure kernel, the bounded handle layer,
 * one serial effect worker per agent instance (real PTYs) and one provider supervisor per
 * installed native tool provider. Apps keep the returned `Gate4AgentHandle` and this runtime,
 * and call `tick()` (or `start()` a host driver) to make progress.
 */
export class NativeRuntime implements AsyncDisposable {
  readonly #state: NativeRuntimeState;

  private constructor(parts: RuntimeStateParts) {
    this.#state = createNativeRuntimeState(parts, {
      tick: () => this.tick(),
      driverStep: () => driverStep(this.#state, () => this.tick()),
      killOnHostExit: () => killOnHostExit(this.#state),
    });
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
    const runtime = new NativeRuntime({
      catalog,
      config: resolved,
      kernel,
      providers,
      port,
      toolAuthority,
      handle: handle.clone(),
      options,
    });
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
    return this.#state.config;
  }

  /**
   * The tool authority created with this runtime's control plane: grants (`await grant(…)`),
   * revocations, approvals and client binding.
   */
  toolAuthority(): ToolAuthorityHandle {
    return this.#state.toolAuthority;
  }

  /**
   * Binds a new tool client acting as `actorId` (`toolAuthority().bindClient`): `await
   * client.request(input, { signal })` resolves with the request's completion.
   */
  toolClient(actorId: ToolActorId): Result<ToolClientHandle, ToolAuthorityError> {
    return this.#state.toolAuthority.bindClient(actorId);
  }

  /**
   * Launches `agentId` in a PTY and resolves once its process runs: the common case, on top of the
   * control handle. Starts the host driver if it is not running. Rejects with a `Gate4AgentError`
   * when the agent is refused or ends while starting, and with `signal.reason` when aborted, once
   * nothing of the launch is left (its queued commands reduced, a started agent stopped, the
   * instance removed).
   */
  launchAgent(agentId: AgentId, options: LaunchAgentOptions = {}): Promise<AgentSession> {
    const state = this.#state;
    assertLive(state);
    this.start();
    return launchAgentSession(
      {
        handle: state.handle,
        onPublish: (listener) => this.onPublish(listener),
        disposed: () => state.disposed !== null,
        nextCommandId: () => state.sessionIds.nextCommandId(),
        releaseInstance: (instanceId) => state.mcpLaunches.release(instanceId),
      },
      state.sessionIds.nextInstanceId(state.handle.snapshot()),
      agentId,
      options,
      { attacher: state.mcp, launches: state.mcpLaunches },
    );
  }

  /**
   * Calls `listener` synchronously after every tick has published its step (snapshots, events and
   * completions are readable), and after every pass of the provider supervisors the host driver
   * runs alone. A listener that throws does not disturb the tick or the others; its exception
   * goes to `onListenerError`. Returns the unsubscribe function.
   */
  onPublish(listener: () => void): () => void {
    return this.#state.published.add(listener);
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
      () => this.#state.disposed !== null,
      check,
      options,
    );
  }

  /** Live native sessions across all workers. */
  activeNativeSessions(): number {
    return this.#state.dispatcher.activeSessions();
  }

  /**
   * One synchronous host tick, never awaiting: (1) drain worker observations, (2) drain ingress,
   * (3) kernel step, (4) dispatch control effects to workers, (5) publish the step, (6) tick each
   * provider supervisor in provider-id order, (7) collect their acks and faults.
   */
  tick(): NativeRuntimeTick {
    return tickRuntime(this.#state);
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
    return installProvider(this.#state, providerId, workCapacity, executor);
  }

  /** Begins the retirement of one provider (idempotent); keep ticking until it is closed. */
  retireNativeProvider(providerId: ToolProviderId): Result<void, NativeProviderControlError> {
    return retireProvider(this.#state, providerId);
  }

  /** Begins the retirement of every provider; returns the first error after trying them all. */
  retireAllNativeProviders(): Result<void, NativeProviderControlError> {
    return retireAllProviders(this.#state);
  }

  /** True once every installed supervisor is closed (vacuously true with none). */
  nativeProviderShutdownComplete(): boolean {
    return this.#state.providers.shutdownComplete();
  }

  /**
   * Retires every provider and ticks (sleeping `workerPollIntervalMs` between ticks) until all
   * are closed, or fails with the still-open snapshots at `providerShutdownTimeoutMs`. Acks and
   * faults stay buffered for the owner to drain.
   */
  shutdownNativeProviders(): Promise<Result<void, NativeProviderShutdownError>> {
    return shutdownProviders(this.#state, () => this.tick());
  }

  /** The supervisor's snapshot, or `null` when the provider is not installed. */
  nativeProviderSnapshot(providerId: ToolProviderId): ProviderSupervisorSnapshot | null {
    return this.#state.providers.snapshot(providerId);
  }

  /** Collects, then removes up to `limit` physical-exit acks, oldest first. */
  drainProviderExitAcks(limit: number): PhysicalExitAck[] {
    return drainExitAcks(this.#state, limit);
  }

  /**
   * Subscribes to the physical-exit acks of every provider: `for await (const ack of
   * runtime.subscribeProviderExitAcks(64))`. While any ack subscription is open, collected acks go
   * to the subscriptions instead of waiting for {@link drainProviderExitAcks}; a subscription that
   * falls `capacity` behind is disconnected (it drains what it holds, then ends).
   */
  subscribeProviderExitAcks(capacity: number): Subscription<PhysicalExitAck> {
    return this.#state.providers.subscribeExitAcks(capacity);
  }

  /** Subscribes to supervisor faults, like {@link subscribeProviderExitAcks}. */
  subscribeProviderFaults(capacity: number): Subscription<ProviderSupervisorFault> {
    return this.#state.providers.subscribeFaults(capacity);
  }

  /** Collects, then removes up to `limit` supervisor faults, oldest first. */
  drainProviderFaults(limit: number): ProviderSupervisorFault[] {
    return drainFaults(this.#state, limit);
  }

  /**
   * Starts the host driver: ticks on the event loop, at once when ingress or a worker observation
   * arrives, every 10 ms while a tool request is open, and not at all while idle (no timer is
   * scheduled, so an idle runtime burns no CPU). Executor activity, the exact stop-grace
   * deadlines and operations that must be polled get a pass of the provider supervisors alone,
   * without a kernel step, unless the kernel is due anyway.
   */
  start(): void {
    assertLive(this.#state);
    this.#state.driver.start();
  }

  /** Stops the host driver; manual `tick()` keeps working. */
  async stop(): Promise<void> {
    this.#state.driver.stop();
  }

  /**
   * Asks the host driver for an immediate step: a full tick when the kernel has input or its
   * clock is due, else a pass of the provider supervisors (see {@link start}). Rarely needed:
   * every dispatch through a handle, client or authority already wakes it.
   */
  wake(): void {
    this.#state.driver.wake();
  }

  /**
   * The exception the last failed tick threw, or `null`. The driver no longer stops on one: it
   * reports it on the error channel (`tick-threw`) and goes on ticking.
   */
  driverError(): unknown {
    return this.#state.driver.error;
  }

  /**
   * Calls `listener` with every failure the runtime contained (a faulted or throwing provider, a
   * failed session worker, a throwing listener, a throwing tick). Returns the unsubscribe
   * function. An exception `listener` throws is re-thrown from a later macrotask. When nobody
   * listens or subscribes, exceptions (all kinds but `provider-faulted`) are re-thrown likewise.
   */
  onError(listener: (error: NativeRuntimeError) => void): () => void {
    return this.#state.errors.onError(listener);
  }

  /**
   * The same errors as {@link onError}, as a bounded subscription of `capacity`; read it with
   * `tryRecv()`, `await sub.next({ signal })` or `for await (const error of sub)`.
   */
  subscribeErrors(capacity: number): Subscription<NativeRuntimeError> {
    return this.#state.errors.subscribe(capacity);
  }

  /**
   * Releases everything this runtime owns: stops the driver, sends every live provider operation
   * one best-effort force stop (not a clean shutdown: use `shutdownNativeProviders()` first),
   * stops and reaps every PTY session, and closes the control plane. Idempotent; afterwards
   * `tick()`, installs, retirements and `start()` throw `Gate4AgentError` `disposed`.
   */
  dispose(): Promise<void> {
    return disposeRuntime(this.#state);
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }
}
