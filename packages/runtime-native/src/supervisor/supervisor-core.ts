// The mutable state of one provider supervisor and the fault, tombstone and close helpers every
// step uses. Internal: the ProviderSupervisor class is its only public front.
import type {
  NativeProviderExecutor,
  ProviderOperationKey,
  ProviderRuntimeError,
  ProviderRuntimePort,
} from '@gate4agent/handle';
import type { CapabilityProviderDescriptor, ToolOperationId } from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import {
  MAX_PROVIDER_SUPERVISOR_EVENTS,
  MAX_PROVIDER_SUPERVISOR_TOMBSTONES,
} from '../constants.js';
import type { OwnedProviderOperation } from './owned-operation.js';
import { fenceForFault } from './owned-operation.js';
import type { PhysicalExitAck } from './physical-exit-ack.js';
import type { ProviderStopCause } from './provider-stop-cause.js';
import type {
  ProviderSupervisorFault,
  ProviderSupervisorFaultKind,
} from './provider-supervisor-fault.js';
import type { ProviderSupervisorState } from './provider-supervisor-state.js';
import type { ProviderSupervisorTick } from './provider-supervisor-tick.js';

/** A queued ack whose stop cause may still be filled in by a late Cancel. */
export type QueuedExitAck = Omit<PhysicalExitAck, 'stopCause'> & {
  stopCause: ProviderStopCause | null;
};

/** Everything a provider supervisor owns. */
export interface SupervisorCore {
  readonly descriptor: CapabilityProviderDescriptor;
  /** Keyed by operation id; iterated in ascending id order (Rust BTreeMap). */
  readonly owned: Map<ToolOperationId, OwnedProviderOperation>;
  readonly executor: NativeProviderExecutor;
  readonly runtime: ProviderRuntimePort;
  readonly stopGrace: number;
  readonly now: () => number;
  readonly observationCapacity: number;
  outstandingObservations: number;
  lifecycle: ProviderSupervisorState;
  retirementRequested: boolean;
  detachBlocked: boolean;
  readonly tombstones: ProviderOperationKey[];
  closeSequence: number | null;
  readonly exitAcks: QueuedExitAck[];
  readonly faults: ProviderSupervisorFault[];
  droppedFaults: number;
  /** The last work pass stopped at its quantum: more work may be queued for the next tick. */
  workLeftBehind?: boolean;
  /** Told of every fault as it is recorded (the runtime's error channel); must not throw. */
  readonly onFault: ((fault: ProviderSupervisorFault) => void) | null;
}

/** Owned operation ids in ascending order. */
export function ownedIds(core: SupervisorCore): ToolOperationId[] {
  return [...core.owned.keys()].sort((a, b) => a - b);
}

/** Buffers a fault, or counts it as dropped when the buffer is full. */
export function recordFault(
  core: SupervisorCore,
  operation: ProviderOperationKey | null,
  kind: ProviderSupervisorFaultKind,
  executorErrorCode: string | null,
  blocksDetach: boolean,
  report: ProviderSupervisorTick,
): void {
  report.faultsRecorded += 1;
  const fault: ProviderSupervisorFault = {
    providerId: core.descriptor.id,
    bindingId: core.runtime.bindingId(),
    operation,
    kind,
    executorErrorCode,
    blocksDetach,
  };
  if (core.onFault !== null) {
    try {
      core.onFault(fault);
    } catch {
      // The owner's hook reports to its own error channel; it must not break the tick.
    }
  }
  if (core.faults.length >= MAX_PROVIDER_SUPERVISOR_EVENTS) {
    core.droppedFaults = Math.min(core.droppedFaults + 1, Number.MAX_SAFE_INTEGER);
    return;
  }
  core.faults.push(fault);
}

/**
 * Records a fault that blocks detach: fences every owned operation, quiesces the binding (its
 * result is deliberately ignored, as upstream) and buffers the fault.
 */
export function recordBlockingFault(
  core: SupervisorCore,
  operation: ProviderOperationKey | null,
  kind: ProviderSupervisorFaultKind,
  executorErrorCode: string | null,
  report: ProviderSupervisorTick,
): void {
  core.detachBlocked = true;
  for (const owned of core.owned.values()) {
    fenceForFault(owned, core.retirementRequested);
  }
  core.runtime.beginQuiesce();
  recordFault(core, operation, kind, executorErrorCode, true, report);
}

/** Remembers a finished operation so a late Cancel is consumed and its id never restarts. */
export function pushTombstone(
  core: SupervisorCore,
  key: ProviderOperationKey,
  report: ProviderSupervisorTick,
): void {
  if (core.tombstones.length >= MAX_PROVIDER_SUPERVISOR_TOMBSTONES) {
    recordBlockingFault(core, key, { kind: 'tombstone-capacity-exceeded' }, null, report);
    return;
  }
  core.tombstones.push(key);
}

/** Requests the binding's detach. A full ingress leaves it to be retried on a later tick. */
export function requestRuntimeClose(
  core: SupervisorCore,
  report: ProviderSupervisorTick,
): Result<void, ProviderRuntimeError> {
  const closed = core.runtime.close();
  if (closed.ok) {
    core.closeSequence = closed.value;
    core.lifecycle = 'closing';
    report.closeRequested = true;
    return ok();
  }
  const error = closed.error;
  if (error.kind === 'full') {
    core.lifecycle = 'closing';
    return ok();
  }
  if (error.kind === 'inactive' && core.runtime.state() === 'closed') {
    core.lifecycle = 'closed';
    return ok();
  }
  recordBlockingFault(core, null, { kind: 'runtime-close-failed', error }, null, report);
  return err(error);
}
