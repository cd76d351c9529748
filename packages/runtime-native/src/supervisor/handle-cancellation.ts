import type { ProviderCancellation, ProviderOperationKey } from '@gate4agent/handle';
import { sameOperationKey } from './operation-key.js';
import { fenceForFault } from './owned-operation.js';
import type { ProviderStopCause } from './provider-stop-cause.js';
import { sameStopCause } from './provider-stop-cause.js';
import type { ProviderSupervisorTick } from './provider-supervisor-tick.js';
import type { SupervisorCore } from './supervisor-core.js';
import { recordBlockingFault } from './supervisor-core.js';
import { tickOwned } from './tick-owned.js';

/** Applies one Cancel work item to the operation it names. */
export function handleCancellation(
  core: SupervisorCore,
  cancellation: ProviderCancellation,
  report: ProviderSupervisorTick,
): void {
  const key: ProviderOperationKey = {
    bindingId: cancellation.bindingId(),
    operationId: cancellation.operationId(),
    requestKey: cancellation.requestKey(),
  };
  const owned = core.owned.get(key.operationId);
  if (owned === undefined) {
    const index = core.tombstones.findIndex((t) => t.operationId === key.operationId);
    if (index >= 0) {
      if (!sameOperationKey(core.tombstones[index]!, key)) {
        recordBlockingFault(core, key, { kind: 'cancellation-identity-mismatch' }, null, report);
      } else {
        core.tombstones.splice(index, 1);
      }
      return;
    }
    recordBlockingFault(core, key, { kind: 'unknown-cancellation' }, null, report);
    return;
  }
  if (!sameOperationKey(owned.key, key)) {
    fenceForFault(owned, core.retirementRequested);
    recordBlockingFault(core, key, { kind: 'cancellation-identity-mismatch' }, null, report);
    return;
  }

  switch (owned.state) {
    case 'physical': {
      core.owned.delete(key.operationId);
      const stopCause: ProviderStopCause = { kind: 'cancellation', reason: cancellation.reason() };
      owned.cancellationReceived = true;
      if (owned.stopCause === null && (owned.physicalExit === null || owned.stopSignalAttempted)) {
        owned.stopCause = stopCause;
      }
      if (owned.exitAckEmitted) {
        const ack = core.exitAcks.find((queued) => sameOperationKey(queued.operation, key));
        if (
          ack !== undefined &&
          ack.stopCause === null &&
          sameStopCause(owned.stopCause, stopCause)
        ) {
          ack.stopCause = owned.stopCause;
        }
      }
      const next = tickOwned(core, owned, report);
      if (next !== null) core.owned.set(key.operationId, next);
      return;
    }
    case 'pending-completion':
    case 'awaiting-cancellation':
      core.owned.delete(key.operationId);
      return;
    case 'awaiting-observation-outcome':
      owned.cancellationReason = cancellation.reason();
      return;
  }
}
