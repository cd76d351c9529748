import type {
  NativeProviderExecutor,
  ProviderRuntimeError,
  ProviderRuntimePort,
} from '@gate4agent/handle';
import { ProviderRuntimeError as RuntimeErrors } from '@gate4agent/handle';
import type { CapabilityProviderDescriptor } from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, Gate4AgentError, ok } from '@gate4agent/types';
import {
  DEFAULT_PROVIDER_STOP_GRACE,
  MAX_PROVIDER_FORCE_STOP_ATTEMPTS,
  MIN_PROVIDER_STOP_GRACE,
  PROVIDER_EXIT_PROOF_TIMEOUT,
} from '../constants.js';
import { drainWork } from './drain-work.js';
import { fallbackSignal } from './fallback-exit.js';
import { drainObservationOutcomes } from './handle-observation-outcome.js';
import {
  exitAckBackpressured,
  fenceForRuntimeClose,
  hasPhysicalOwner,
  type OwnedProviderOperation,
  snapshotOwned,
} from './owned-operation.js';
import type { PhysicalExitAck } from './physical-exit-ack.js';
import { ProviderSupervisorBuildError } from './provider-supervisor-build-error.js';
import type { ProviderSupervisorFault } from './provider-supervisor-fault.js';
import type { ProviderSupervisorSnapshot } from './provider-supervisor-snapshot.js';
import type { ProviderSupervisorState } from './provider-supervisor-state.js';
import type { ProviderSupervisorTick } from './provider-supervisor-tick.js';
import { emptyProviderSupervisorTick } from './provider-supervisor-tick.js';
import type { SupervisorCore } from './supervisor-core.js';
import { ownedIds, recordBlockingFault, requestRuntimeClose } from './supervisor-core.js';
import { tickOwned } from './tick-owned.js';
import { isValidDescriptor } from './tool-validation.js';

/** Options of a {@link ProviderSupervisor}. */
export interface ProviderSupervisorOptions {
  /** Monotonic clock in milliseconds for the stop grace; `performance.now()` by default. */
  readonly now?: () => number;
  /**
   * Told of every fault as it is recorded, before it is buffered for `drainFaults` (the
   * runtime's error channel uses it). Exceptions it throws are ignored.
   */
  readonly onFault?: (fault: ProviderSupervisorFault) => void;
}

const defaultNow = (): number => performance.now();

/**
 * Owns the native operations of one provider binding, from start through proven physical exit
 * and the kernel's disposition of their observations.
 *
 * Clean shutdown is `beginRetirement()` followed by `tick()` until the state is `closed`.
 * `dispose()` is not that protocol: it sends one best-effort force stop to each live operation
 * and cannot prove a reap.
 */
export class ProviderSupervisor {
  readonly #core: SupervisorCore;
  #disposed = false;

  private constructor(core: SupervisorCore) {
    this.#core = core;
  }

  /** A supervisor with the default stop grace ({@link DEFAULT_PROVIDER_STOP_GRACE}). */
  static new(
    descriptor: CapabilityProviderDescriptor,
    runtime: ProviderRuntimePort,
    executor: NativeProviderExecutor,
    options: ProviderSupervisorOptions = {},
  ): Result<ProviderSupervisor, ProviderSupervisorBuildError> {
    return ProviderSupervisor.newWithStopGrace(
      descriptor,
      runtime,
      executor,
      DEFAULT_PROVIDER_STOP_GRACE,
      options,
    );
  }

  /**
   * A supervisor that force-stops an operation `stopGrace` milliseconds after its cooperative
   * stop was accepted (a zero grace becomes {@link MIN_PROVIDER_STOP_GRACE}).
   */
  static newWithStopGrace(
    descriptor: CapabilityProviderDescriptor,
    runtime: ProviderRuntimePort,
    executor: NativeProviderExecutor,
    stopGrace: number,
    options: ProviderSupervisorOptions = {},
  ): Result<ProviderSupervisor, ProviderSupervisorBuildError> {
    if (!Number.isFinite(stopGrace) || stopGrace < 0) {
      throw new Gate4AgentError(
        'invalid-argument',
        `stopGrace must be a finite number of milliseconds >= 0; got ${String(stopGrace)}`,
      );
    }
    if (!isValidDescriptor(descriptor))
      return err(ProviderSupervisorBuildError.invalidDescriptor());
    if (descriptor.id !== runtime.providerId()) {
      return err(
        ProviderSupervisorBuildError.providerMismatch(descriptor.id, runtime.providerId()),
      );
    }
    return ok(
      new ProviderSupervisor({
        descriptor,
        owned: new Map(),
        executor,
        runtime,
        stopGrace: stopGrace === 0 ? MIN_PROVIDER_STOP_GRACE : stopGrace,
        now: options.now ?? defaultNow,
        observationCapacity: runtime.effectCapacity(),
        outstandingObservations: 0,
        lifecycle: 'running',
        retirementRequested: false,
        detachBlocked: false,
        tombstones: [],
        closeSequence: null,
        exitAcks: [],
        faults: [],
        droppedFaults: 0,
        onFault: options.onFault ?? null,
      }),
    );
  }

  /** The provider this supervisor serves. */
  descriptor(): CapabilityProviderDescriptor {
    return this.#core.descriptor;
  }

  /**
   * Starts retirement: every live operation gets the `retirement` stop cause and the binding is
   * quiesced (or closed at once when it is still attaching and nothing is owned). Idempotent.
   */
  beginRetirement(): Result<void, ProviderRuntimeError> {
    const core = this.#live();
    if (core.retirementRequested) return ok();
    core.retirementRequested = true;
    const runtime = core.runtime;
    if (runtime.state() === 'closed' && core.owned.size === 0) {
      core.detachBlocked = false;
      core.lifecycle = 'closed';
      return ok();
    }
    core.lifecycle = 'draining';
    for (const owned of core.owned.values()) {
      if (
        owned.state === 'physical' &&
        owned.physicalExit === null &&
        !owned.stopSignalAttempted &&
        owned.stopCause === null
      ) {
        owned.stopCause = { kind: 'retirement' };
      }
    }
    if (runtime.state() === 'closed') return ok();
    if (runtime.state() === 'attaching' && core.owned.size === 0) {
      return requestRuntimeClose(core, emptyProviderSupervisorTick());
    }
    const quiesced = runtime.beginQuiesce();
    if (quiesced.ok) return ok();
    if (quiesced.error.kind === 'inactive' && runtime.state() === 'closing') return ok();
    const error = quiesced.error;
    recordBlockingFault(
      core,
      null,
      { kind: 'runtime-quiesce-failed', error },
      null,
      emptyProviderSupervisorTick(),
    );
    return err(error);
  }

  /** An immutable picture of the supervisor and its operations. */
  snapshot(): ProviderSupervisorSnapshot {
    const core = this.#core;
    const operations = ownedIds(core).map((id) => snapshotOwned(core.owned.get(id)!));
    return {
      providerId: core.descriptor.id,
      bindingId: core.runtime.bindingId(),
      state: this.state(),
      runtimeState: core.runtime.state(),
      operations,
      closeSequence: core.closeSequence,
      bufferedExitAcks: core.exitAcks.length,
      bufferedFaults: core.faults.length + (core.droppedFaults !== 0 ? 1 : 0),
      droppedFaults: core.droppedFaults,
      exitAckBackpressured: [...core.owned.values()].some(exitAckBackpressured),
    };
  }

  /** The lifecycle, or `faulted` while a blocking fault is outstanding. */
  state(): ProviderSupervisorState {
    return this.#core.detachBlocked ? 'faulted' : this.#core.lifecycle;
  }

  /** Removes and returns up to `limit` physical-exit acks, oldest first. */
  drainExitAcks(limit: number): PhysicalExitAck[] {
    checkLimit(limit);
    return this.#core.exitAcks.splice(0, limit).map((ack) => ({ ...ack }));
  }

  /**
   * Removes and returns up to `limit` faults, oldest first; faults dropped on overflow are
   * reported first as one `fault-buffer-overflow`.
   */
  drainFaults(limit: number): ProviderSupervisorFault[] {
    checkLimit(limit);
    const core = this.#core;
    if (limit === 0) return [];
    const drained: ProviderSupervisorFault[] = [];
    if (core.droppedFaults !== 0) {
      const dropped = core.droppedFaults;
      core.droppedFaults = 0;
      drained.push({
        providerId: core.descriptor.id,
        bindingId: core.runtime.bindingId(),
        operation: null,
        kind: { kind: 'fault-buffer-overflow', dropped },
        executorErrorCode: null,
        blocksDetach: false,
      });
    }
    drained.push(...core.faults.splice(0, limit - drained.length));
    return drained;
  }

  /**
   * One supervision step, synchronous: read receipts, tick every owned operation in operation-id
   * order, then read work (or, when retiring, request the detach once nothing is owned).
   */
  tick(): ProviderSupervisorTick {
    const core = this.#live();
    const report = emptyProviderSupervisorTick();
    if (core.lifecycle === 'closed') return report;

    drainObservationOutcomes(core, report);

    const runtimeClosed = core.runtime.state() === 'closed';
    if (runtimeClosed) {
      if (core.owned.size !== 0 && !core.detachBlocked) {
        const error = RuntimeErrors.inactive();
        recordBlockingFault(core, null, { kind: 'runtime-completion-failed', error }, null, report);
      }
      core.outstandingObservations = 0;
    }

    for (const operationId of ownedIds(core)) {
      const owned = core.owned.get(operationId);
      if (owned === undefined) continue;
      core.owned.delete(operationId);
      if (runtimeClosed && !hasPhysicalOwner(owned)) continue;
      if (runtimeClosed) fenceForRuntimeClose(owned, core.retirementRequested);
      // Should anything still throw, the operation stays owned: it is never lost.
      let next: OwnedProviderOperation | null = owned;
      try {
        next = tickOwned(core, owned, report);
      } finally {
        if (next !== null) core.owned.set(operationId, next);
      }
    }

    if (runtimeClosed) {
      if (core.owned.size === 0) {
        core.lifecycle = 'closed';
        if (core.retirementRequested) core.detachBlocked = false;
      }
      return report;
    }

    const acceptsWork = core.runtime.state() !== 'attaching' && core.runtime.state() !== 'closed';
    if (core.retirementRequested) {
      core.lifecycle = core.closeSequence !== null ? 'closing' : 'draining';
      if (acceptsWork) drainWork(core, report);
      if (core.owned.size === 0) {
        core.detachBlocked = false;
        requestRuntimeClose(core, report);
      }
      return report;
    }
    if (acceptsWork) drainWork(core, report);
    return report;
  }

  /**
   * Replaces Rust's `Drop`: one best-effort force stop for each live physical operation (marked
   * as a stop attempt with cause `retirement` unless it has one), then each operation's own
   * `dispose`, then the binding's `close()`. Idempotent; the supervisor is unusable afterwards.
   */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    const core = this.#core;
    const ids = ownedIds(core);
    for (const id of ids) {
      const owned = core.owned.get(id);
      if (owned?.state !== 'physical' || owned.physicalExit !== null) continue;
      owned.stopSignalAttempted = true;
      if (owned.stopCause === null) owned.stopCause = { kind: 'retirement' };
      quietly(() => owned.operation.requestForceStop());
    }
    for (const id of ids) {
      const owned = core.owned.get(id);
      if (owned?.state === 'physical') quietly(() => owned.operation.dispose?.());
    }
    quietly(() => core.runtime.close());
  }

  /**
   * For a host that is exiting: SIGKILLs every live operation now, synchronously, through its
   * executor (`requestForceStop`, then `dispose`) and, where the operation has a `pid`, its
   * process group directly. Changes no supervisor state; never throws. Returns how many live
   * operations it reached.
   */
  killOnHostExit(): number {
    let reached = 0;
    for (const owned of this.#core.owned.values()) {
      if (owned.state !== 'physical' || owned.physicalExit !== null) continue;
      reached += 1;
      quietly(() => owned.operation.requestForceStop());
      quietly(() => owned.operation.dispose?.());
      quietly(() => fallbackSignal(owned, 'SIGKILL'));
    }
    return reached;
  }

  /** How many operations the supervisor owns (live, or waiting for the kernel's disposition). */
  ownedOperationCount(): number {
    return this.#core.owned.size;
  }

  /**
   * Whether the supervisor needs a tick that nothing else would cause. `now`: a completion is
   * ready to submit, or work is left queued past the last tick's quantum. `poll`: a physical
   * operation can only progress by being polled, because its executor has no `onActivity`
   * signal or is broken (its end is then proven from its pid), its exit ack waits for room in
   * the ack buffer, or a stop signal is being retried. `null`: executor activity, ingress and
   * {@link nextDeadline} cover everything, so a host may sleep until one of them.
   */
  needsTick(): 'now' | 'poll' | null {
    const core = this.#core;
    if (core.workLeftBehind === true) return 'now';
    const signalled = typeof core.executor.onActivity === 'function';
    let need: 'poll' | null = null;
    for (const owned of core.owned.values()) {
      if (owned.state === 'pending-completion') {
        // Receipts free the room, and they arrive with the kernel steps that ingress causes.
        if (core.outstandingObservations < core.observationCapacity) return 'now';
        continue;
      }
      if (owned.state !== 'physical' || need !== null) continue;
      if (!signalled || owned.executorBroken || exitAckBackpressured(owned)) need = 'poll';
      // A stop or force stop that failed is retried on the next ticks.
      else if (owned.stopSignalAttempted && !owned.stopSignalled && !owned.forceStopSignalled) {
        need = 'poll';
      } else if (owned.forceStopAttempts > 0 && !owned.forceStopSignalled) need = 'poll';
    }
    return need;
  }

  /**
   * The clock reading at which an owned operation next needs a tick without being woken: the end
   * of a stop grace (force stop due) or of the exit-proof window after a force stop; `null` when
   * none is pending.
   */
  nextDeadline(): number | null {
    const core = this.#core;
    let earliest: number | null = null;
    for (const owned of core.owned.values()) {
      if (owned.state !== 'physical' || owned.physicalExit !== null) continue;
      let due: number | null = null;
      // Only deadlines a tick can still act on: a force stop with attempts left, an executor not
      // yet found hung.
      if (
        owned.stopSignalledAt !== null &&
        !owned.forceStopSignalled &&
        owned.forceStopAttempts < MAX_PROVIDER_FORCE_STOP_ATTEMPTS
      ) {
        due = owned.stopSignalledAt + core.stopGrace;
      } else if (owned.forceStopSignalledAt !== null && !owned.executorBroken) {
        due = owned.forceStopSignalledAt + PROVIDER_EXIT_PROOF_TIMEOUT;
      }
      if (due !== null && (earliest === null || due < earliest)) earliest = due;
    }
    return earliest;
  }

  #live(): SupervisorCore {
    if (this.#disposed) {
      throw new Gate4AgentError(
        'disposed',
        'the provider supervisor was disposed; build a new one to supervise this provider again',
      );
    }
    return this.#core;
  }
}

// Best effort on a path that must not throw (dispose, host exit); what failed was, or will be,
// reported by the tick that sees the operation next.
function quietly(action: () => unknown): void {
  try {
    action();
  } catch {
    // See above.
  }
}

function checkLimit(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw new Gate4AgentError(
      'invalid-argument',
      `limit must be a non-negative safe integer; got ${String(limit)}`,
    );
  }
}
