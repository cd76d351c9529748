import type { OwnedProviderOperation, PendingCompletion } from './owned-operation.js';
import type { ProviderSupervisorTick } from './provider-supervisor-tick.js';
import type { SupervisorCore } from './supervisor-core.js';
import { pushTombstone, recordBlockingFault } from './supervisor-core.js';
import { tickPhysical } from './tick-physical.js';

/** Ticks one owned operation; returns what it becomes, or `null` once it is finished. */
export function tickOwned(
  core: SupervisorCore,
  owned: OwnedProviderOperation,
  report: ProviderSupervisorTick,
): OwnedProviderOperation | null {
  switch (owned.state) {
    case 'physical':
      return tickPhysical(core, owned, report);
    case 'pending-completion':
      return tickPendingCompletion(core, owned, report);
    case 'awaiting-observation-outcome':
      return owned;
    case 'awaiting-cancellation':
      if (core.retirementRequested) {
        pushTombstone(core, owned.key, report);
        return null;
      }
      return owned;
  }
}

function tickPendingCompletion(
  core: SupervisorCore,
  pending: PendingCompletion,
  report: ProviderSupervisorTick,
): OwnedProviderOperation | null {
  if (core.retirementRequested) {
    pushTombstone(core, pending.key, report);
    return null;
  }
  const cancellationToken = pending.invocation.cancellationToken();
  if (cancellationToken.isCancelled()) {
    return {
      state: 'awaiting-cancellation',
      key: pending.key,
      capabilityId: pending.capabilityId,
      deadlineTick: pending.deadlineTick,
    };
  }
  // Keep submitted-but-unreceipted observations below the receipt queue's capacity: an
  // overflowing receipt queue would fault the binding.
  if (core.outstandingObservations >= core.observationCapacity) return pending;
  const completed = core.runtime.tryComplete(pending.invocation, pending.observation);
  if (completed.ok) {
    core.outstandingObservations += 1;
    report.observationsSubmitted += 1;
    return {
      state: 'awaiting-observation-outcome',
      key: pending.key,
      capabilityId: pending.capabilityId,
      deadlineTick: pending.deadlineTick,
      sequence: completed.value,
      cancellationToken,
      cancellationReason: null,
    };
  }
  const error = completed.error;
  if (error.kind === 'full') return pending;
  pushTombstone(core, pending.key, report);
  recordBlockingFault(
    core,
    pending.key,
    { kind: 'runtime-completion-failed', error },
    null,
    report,
  );
  return null;
}
