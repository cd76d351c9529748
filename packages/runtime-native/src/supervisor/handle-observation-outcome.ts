import type { ProviderObservationOutcome } from '@gate4agent/handle';
import { MAX_PROVIDER_SUPERVISOR_OUTCOMES_PER_TICK } from '../constants.js';
import { sameRequestKey } from './operation-key.js';
import type { AwaitingObservationOutcome } from './owned-operation.js';
import { fenceForFault } from './owned-operation.js';
import type { ProviderSupervisorFaultKind } from './provider-supervisor-fault.js';
import type { ProviderSupervisorTick } from './provider-supervisor-tick.js';
import type { SupervisorCore } from './supervisor-core.js';
import { pushTombstone, recordBlockingFault } from './supervisor-core.js';

/** Reads and applies up to one quantum of observation receipts. */
export function drainObservationOutcomes(
  core: SupervisorCore,
  report: ProviderSupervisorTick,
): void {
  for (let i = 0; i < MAX_PROVIDER_SUPERVISOR_OUTCOMES_PER_TICK; i += 1) {
    const received = core.runtime.tryRecvObservationOutcome();
    if (!received.ok) return;
    report.observationOutcomesReceived += 1;
    handleObservationOutcome(core, received.value, report);
  }
}

function handleObservationOutcome(
  core: SupervisorCore,
  outcome: ProviderObservationOutcome,
  report: ProviderSupervisorTick,
): void {
  const mismatch: ProviderSupervisorFaultKind = { kind: 'observation-outcome-mismatch' };
  if (core.outstandingObservations === 0) {
    recordBlockingFault(core, null, mismatch, null, report);
  } else {
    core.outstandingObservations -= 1;
  }
  const owned = core.owned.get(outcome.operationId);
  if (owned === undefined) {
    recordBlockingFault(core, null, mismatch, null, report);
    return;
  }
  if (owned.state !== 'awaiting-observation-outcome') {
    fenceForFault(owned, core.retirementRequested);
    recordBlockingFault(core, owned.key, mismatch, null, report);
    return;
  }
  core.owned.delete(outcome.operationId);
  if (
    owned.sequence !== outcome.sequence ||
    owned.key.operationId !== outcome.operationId ||
    !sameRequestKey(owned.key.requestKey, outcome.requestKey)
  ) {
    tombstoneIfCancelledUnseen(core, owned, report);
    recordBlockingFault(core, owned.key, mismatch, null, report);
    return;
  }

  const status = outcome.status;
  if (status.kind === 'applied' || status.kind === 'ignored') {
    tombstoneIfCancelledUnseen(core, owned, report);
    return;
  }
  const kind: ProviderSupervisorFaultKind =
    status.kind === 'rejected'
      ? { kind: 'observation-outcome-rejected' }
      : status.kind === 'contract-violation'
        ? { kind: 'observation-outcome-contract-violation' }
        : { kind: 'observation-outcome-runtime-closed' };
  tombstoneIfCancelledUnseen(core, owned, report);
  recordBlockingFault(core, owned.key, kind, null, report);
}

/** A Cancel may still be on its way for a cancelled operation: remember it so it is consumed. */
function tombstoneIfCancelledUnseen(
  core: SupervisorCore,
  awaiting: AwaitingObservationOutcome,
  report: ProviderSupervisorTick,
): void {
  if (awaiting.cancellationReason === null && awaiting.cancellationToken.isCancelled()) {
    pushTombstone(core, awaiting.key, report);
  }
}
