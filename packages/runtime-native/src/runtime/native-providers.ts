import type {
  ControlPlaneKernelPort,
  NativeProviderExecutor,
  Subscription,
} from '@gate4agent/handle';
import type {
  CapabilityProviderDescriptor,
  ProviderBindingId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import { HOST_TICK_INTERVAL } from '../constants.js';
import type { PhysicalExitAck } from '../supervisor/physical-exit-ack.js';
import { ProviderSupervisor } from '../supervisor/provider-supervisor.js';
import type { ProviderSupervisorFault } from '../supervisor/provider-supervisor-fault.js';
import type { ProviderSupervisorSnapshot } from '../supervisor/provider-supervisor-snapshot.js';
import { NativeProviderControlError } from './native-provider-control-error.js';
import { NativeRuntimeError } from './native-runtime-error.js';
import { ProviderEventQueues, providerIdsAfter } from './provider-event-queues.js';

/** What the provider plane needs from its runtime. */
export interface NativeProvidersHost {
  readonly port: ControlPlaneKernelPort;
  readonly stopGraceMs: number;
  readonly now: () => number;
  /** Asks the host driver for a tick (executor activity, retirements). */
  readonly wake: () => void;
  /** The runtime's error channel: a provider that faults or throws is reported here. */
  readonly reportError: (error: NativeRuntimeError) => void;
}

/** Faults that say the executor itself is broken: its provider is retired after the tick. */
const EXECUTOR_FAULTS = new Set([
  'executor-threw',
  'invalid-executor-value',
  'executor-hung',
  'exit-unproven',
]);

/** `delay`, shortened to the poll interval. */
const withPoll = (delay: number | null): number =>
  Math.min(delay ?? HOST_TICK_INTERVAL, HOST_TICK_INTERVAL);

/**
 * The provider plane of a `NativeRuntime`: the registered descriptors, one supervisor per
 * installed native provider, the executors' activity subscriptions and the runtime's queues of
 * exit acks and faults. The runtime's provider methods delegate here.
 */
export class NativeProviders {
  readonly #host: NativeProvidersHost;
  readonly #descriptors = new Map<ToolProviderId, CapabilityProviderDescriptor>();
  readonly #supervisors = new Map<ToolProviderId, ProviderSupervisor>();
  readonly #events = new ProviderEventQueues();
  /** Unsubscribes from each installed executor's activity signal. */
  readonly #executorActivity = new Map<ToolProviderId, () => void>();
  /** Providers whose executor broke during the current tick: retired after it. */
  readonly #toRetire = new Set<ToolProviderId>();

  constructor(host: NativeProvidersHost, descriptors: readonly CapabilityProviderDescriptor[]) {
    this.#host = host;
    for (const descriptor of descriptors) this.#descriptors.set(descriptor.id, descriptor);
  }

  /**
   * Ticks every supervisor in provider-id order, then collects their acks and faults. A supervisor
   * whose tick throws is contained: reported, retired, and everyone else is still served.
   */
  tick(): void {
    for (const providerId of providerIdsAfter([...this.#supervisors.keys()], null)) {
      try {
        this.#supervisors.get(providerId)?.tick();
      } catch (error) {
        this.#host.reportError(NativeRuntimeError.providerTickThrew(providerId, error));
        this.#toRetire.add(providerId);
      }
    }
    this.#retireBroken();
    this.#events.collect(this.#supervisors);
  }

  /**
   * How long the host driver may wait before the next tick for the providers' sake: no later
   * than the earliest stop-grace or exit-proof deadline (exactly, not rounded to a poll
   * interval), at once or after a poll interval when a supervisor needs a tick nothing else
   * would cause (see `ProviderSupervisor.needsTick`) or acks and faults are left to collect, and `null` when nothing
   * is owned or due: executor activity wakes the driver for everything else.
   */
  nextTickDelay(now: number): number | null {
    let delay: number | null = null;
    for (const supervisor of this.#supervisors.values()) {
      if (supervisor.state() === 'closed') continue;
      const need = supervisor.needsTick();
      if (need === 'now') return 0;
      if (need === 'poll') delay = withPoll(delay);
      if (supervisor.ownedOperationCount() === 0) continue;
      const deadline = supervisor.nextDeadline();
      if (deadline !== null) {
        const until = deadline - now;
        // A deadline that passed after the tick looked at it (or that a failing tick cannot act
        // on) must not be lost, nor spin the driver: at once when just passed, else polled.
        const wait = until > 0 ? until : until > -HOST_TICK_INTERVAL ? 0 : HOST_TICK_INTERVAL;
        delay = delay === null ? wait : Math.min(delay, wait);
      }
    }
    if (this.#events.leftBehind()) delay = withPoll(delay);
    return delay;
  }

  /**
   * The earliest exact deadline of the supervisors (a stop grace ending, an exit-proof window),
   * as a clock reading, or `null` with none: the host driver ticks right at it, not a timer's
   * millisecond later (see `HostDriver`).
   */
  nextDeadline(): number | null {
    let earliest: number | null = null;
    for (const supervisor of this.#supervisors.values()) {
      if (supervisor.state() === 'closed' || supervisor.ownedOperationCount() === 0) continue;
      const deadline = supervisor.nextDeadline();
      if (deadline !== null && (earliest === null || deadline < earliest)) earliest = deadline;
    }
    return earliest;
  }

  /** Synchronous, for a host that is exiting: SIGKILL every live operation. */
  killOnHostExit(): void {
    for (const supervisor of this.#supervisors.values()) supervisor.killOnHostExit();
  }

  /** `NativeRuntime.installNativeProvider`. */
  install(
    providerId: ToolProviderId,
    workCapacity: number,
    executor: NativeProviderExecutor,
  ): Result<ProviderBindingId, NativeProviderControlError> {
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
    const descriptor = this.#descriptors.get(providerId);
    if (descriptor === undefined)
      return err(NativeProviderControlError.unknownProvider(providerId));
    if (descriptor.owner.kind !== 'gate') {
      return err(NativeProviderControlError.unsupportedOwner(providerId));
    }
    const bound = this.#host.port.providerAuthority().bindProvider(providerId, workCapacity);
    if (!bound.ok) return err(NativeProviderControlError.runtime(bound.error));
    const runtime = bound.value;
    const bindingId = runtime.bindingId();
    const supervisor = ProviderSupervisor.newWithStopGrace(
      descriptor,
      runtime,
      executor,
      Math.max(this.#host.stopGraceMs, 1),
      { now: this.#host.now, onFault: (fault) => this.#onSupervisorFault(providerId, fault) },
    );
    if (!supervisor.ok) {
      runtime.dispose();
      return err(NativeProviderControlError.build(supervisor.error));
    }
    this.#supervisors.set(providerId, supervisor.value);
    if (typeof executor.onActivity === 'function') {
      this.#executorActivity.set(providerId, executor.onActivity(this.#host.wake));
    }
    return ok(bindingId);
  }

  /** `NativeRuntime.retireNativeProvider`. */
  retire(providerId: ToolProviderId): Result<void, NativeProviderControlError> {
    const supervisor = this.#supervisors.get(providerId);
    if (supervisor === undefined) return err(NativeProviderControlError.notInstalled(providerId));
    const retired = supervisor.beginRetirement();
    this.#host.wake();
    return retired.ok ? ok() : err(NativeProviderControlError.runtime(retired.error));
  }

  /** `NativeRuntime.retireAllNativeProviders`. */
  retireAll(): Result<void, NativeProviderControlError> {
    let first: NativeProviderControlError | null = null;
    for (const providerId of providerIdsAfter([...this.#supervisors.keys()], null)) {
      const retired = this.#supervisors.get(providerId)?.beginRetirement();
      if (retired !== undefined && !retired.ok && first === null) {
        first = NativeProviderControlError.runtime(retired.error);
      }
    }
    this.#host.wake();
    return first === null ? ok() : err(first);
  }

  /** True once every installed supervisor is closed (vacuously true with none). */
  shutdownComplete(): boolean {
    for (const supervisor of this.#supervisors.values()) {
      if (supervisor.state() !== 'closed') return false;
    }
    return true;
  }

  /** The snapshots of the supervisors not closed yet, in provider-id order. */
  pendingSnapshots(): ProviderSupervisorSnapshot[] {
    return [...this.#supervisors.values()]
      .filter((supervisor) => supervisor.state() !== 'closed')
      .map((supervisor) => supervisor.snapshot())
      .sort((left, right) => (left.providerId < right.providerId ? -1 : 1));
  }

  /** The supervisor's snapshot, or `null` when the provider is not installed. */
  snapshot(providerId: ToolProviderId): ProviderSupervisorSnapshot | null {
    return this.#supervisors.get(providerId)?.snapshot() ?? null;
  }

  /** Collects, then removes up to `limit` physical-exit acks, oldest first. */
  drainExitAcks(limit: number): PhysicalExitAck[] {
    this.#events.collect(this.#supervisors);
    return this.#events.drainExitAcks(limit);
  }

  /** Collects, then removes up to `limit` supervisor faults, oldest first. */
  drainFaults(limit: number): ProviderSupervisorFault[] {
    this.#events.collect(this.#supervisors);
    return this.#events.drainFaults(limit);
  }

  /** See `NativeRuntime.subscribeProviderExitAcks`. */
  subscribeExitAcks(capacity: number): Subscription<PhysicalExitAck> {
    return this.#events.subscribeExitAcks(capacity);
  }

  /** See `NativeRuntime.subscribeProviderFaults`. */
  subscribeFaults(capacity: number): Subscription<ProviderSupervisorFault> {
    return this.#events.subscribeFaults(capacity);
  }

  /** Drops the activity subscriptions, force-stops every supervisor and ends the subscriptions. */
  dispose(): void {
    for (const unsubscribe of this.#executorActivity.values()) unsubscribe();
    this.#executorActivity.clear();
    for (const supervisor of this.#supervisors.values()) supervisor.dispose();
    this.#events.closeSubscriptions();
  }

  #onSupervisorFault(providerId: ToolProviderId, fault: ProviderSupervisorFault): void {
    if (!fault.blocksDetach) return;
    this.#host.reportError(NativeRuntimeError.providerFaulted(fault));
    if (EXECUTOR_FAULTS.has(fault.kind.kind)) this.#toRetire.add(providerId);
  }

  #retireBroken(): void {
    for (const providerId of [...this.#toRetire]) {
      this.#toRetire.delete(providerId);
      try {
        this.#supervisors.get(providerId)?.beginRetirement();
      } catch (error) {
        this.#host.reportError(NativeRuntimeError.providerTickThrew(providerId, error));
      }
    }
  }
}
