// One tick of a physical operation: stop, escalate, poll the result, wait for the exit, ack it,
// and decide what the operation becomes. The order of the steps is the upstream order.
import type { NativeProviderOperationError } from '@gate4agent/handle';
import {
  MAX_PROVIDER_FORCE_STOP_ATTEMPTS,
  MAX_PROVIDER_STOP_SIGNAL_ATTEMPTS,
  MAX_PROVIDER_SUPERVISOR_EVENTS,
} from '../constants.js';
import { contractViolationObservation } from './contract-violation.js';
import type { OwnedPhysicalOperation, OwnedProviderOperation } from './owned-operation.js';
import type { ProviderSupervisorFaultKind } from './provider-supervisor-fault.js';
import type { ProviderSupervisorTick } from './provider-supervisor-tick.js';
import type { SupervisorCore } from './supervisor-core.js';
import { pushTombstone, recordBlockingFault, recordFault } from './supervisor-core.js';
import { isValidObservation } from './tool-validation.js';

/** Ticks one physical operation; returns what it becomes, or `null` once it is finished. */
export function tickPhysical(
  core: SupervisorCore,
  owned: OwnedPhysicalOperation,
  report: ProviderSupervisorTick,
): OwnedProviderOperation | null {
  const alive = () => owned.physicalExit === null;
  const uncaused = () => alive() && !owned.stopSignalAttempted && owned.stopCause === null;
  if (core.retirementRequested && uncaused()) owned.stopCause = { kind: 'retirement' };
  if (core.detachBlocked && uncaused()) owned.stopCause = { kind: 'supervisor-fault' };

  const cancellationRequested = owned.invocation.cancellationToken().isCancelled();
  const stopRequired =
    core.retirementRequested ||
    core.detachBlocked ||
    cancellationRequested ||
    owned.stopCause !== null;

  if (
    alive() &&
    stopRequired &&
    !owned.stopSignalled &&
    owned.stopSignalAttempts < MAX_PROVIDER_STOP_SIGNAL_ATTEMPTS
  ) {
    owned.stopSignalAttempted = true;
    owned.stopSignalAttempts += 1;
    report.stopSignals += 1;
    const stopped = owned.operation.requestStop();
    if (stopped.ok) {
      owned.stopSignalled = true;
      owned.stopSignalledAt = core.now();
    } else {
      const last = owned.stopSignalAttempts === MAX_PROVIDER_STOP_SIGNAL_ATTEMPTS;
      executorFault(core, owned, { kind: 'stop-signal-failed' }, stopped.error, last, report);
    }
  }

  const graceElapsed =
    owned.stopSignalledAt !== null && core.now() - owned.stopSignalledAt >= core.stopGrace;
  const forceStopRequired =
    alive() &&
    stopRequired &&
    !owned.forceStopSignalled &&
    ((!owned.stopSignalled && owned.stopSignalAttempts === MAX_PROVIDER_STOP_SIGNAL_ATTEMPTS) ||
      graceElapsed);
  if (forceStopRequired && owned.forceStopAttempts < MAX_PROVIDER_FORCE_STOP_ATTEMPTS) {
    owned.forceStopAttempts += 1;
    report.forceStopSignals += 1;
    const forced = owned.operation.requestForceStop();
    if (forced.ok) {
      owned.forceStopSignalled = true;
    } else {
      const last = owned.forceStopAttempts === MAX_PROVIDER_FORCE_STOP_ATTEMPTS;
      executorFault(core, owned, { kind: 'force-stop-failed' }, forced.error, last, report);
    }
  }

  if (
    !cancellationRequested &&
    !owned.stopSignalAttempted &&
    owned.stopCause === null &&
    owned.result === null &&
    !owned.resultClosed
  ) {
    pollResult(core, owned, report);
  }

  if (alive()) {
    const waited = owned.operation.tryWait();
    if (!waited.ok) {
      if (!core.retirementRequested && !owned.stopSignalAttempted && owned.stopCause === null) {
        owned.stopCause = { kind: 'supervisor-fault' };
      }
      recordBlockingFault(core, owned.key, { kind: 'wait-failed' }, waited.error.code, report);
      return owned;
    }
    if (waited.value !== null) {
      owned.physicalExit = { success: waited.value.success, code: waited.value.code };
    }
  }

  const exit = owned.physicalExit;
  if (exit === null) return owned;
  if (!owned.exitAckEmitted) {
    // Hold the ack while a stop was attempted for a reason not yet known (the Cancel carrying it
    // is still queued), or while the ack buffer is full.
    if (owned.stopSignalAttempted && owned.stopCause === null) return owned;
    if (core.exitAcks.length >= MAX_PROVIDER_SUPERVISOR_EVENTS) return owned;
    core.exitAcks.push({
      providerId: core.descriptor.id,
      bindingId: core.runtime.bindingId(),
      operation: owned.key,
      exit,
      stopSignalAttempted: owned.stopSignalAttempted,
      stopSignalled: owned.stopSignalled,
      forceStopAttempted: owned.forceStopAttempts !== 0,
      forceStopSignalled: owned.forceStopSignalled,
      stopCause: owned.stopCause,
    });
    owned.exitAckEmitted = true;
    report.physicalExitAcks += 1;
  }

  if (
    core.retirementRequested ||
    core.detachBlocked ||
    owned.cancellationReceived ||
    owned.stopCause !== null
  ) {
    if (!owned.cancellationReceived) pushTombstone(core, owned.key, report);
    return null;
  }
  if (owned.result === null && owned.resultClosed) {
    owned.result = contractViolationObservation();
    recordFault(core, owned.key, { kind: 'invalid-executor-observation' }, null, false, report);
  }
  if (owned.result !== null) {
    return {
      state: 'pending-completion',
      key: owned.key,
      capabilityId: owned.capabilityId,
      deadlineTick: owned.deadlineTick,
      invocation: owned.invocation,
      observation: owned.result,
    };
  }
  return owned;
}

function pollResult(
  core: SupervisorCore,
  owned: OwnedPhysicalOperation,
  report: ProviderSupervisorTick,
): void {
  const polled = owned.operation.tryPollResult();
  if (!polled.ok) {
    owned.result = contractViolationObservation();
    owned.resultClosed = true;
    if (!core.retirementRequested && owned.stopCause === null) {
      owned.stopCause = { kind: 'supervisor-fault' };
    }
    recordBlockingFault(core, owned.key, { kind: 'result-poll-failed' }, polled.error.code, report);
    return;
  }
  const poll = polled.value;
  if (poll.kind === 'closed') {
    owned.resultClosed = true;
  } else if (poll.kind === 'ready') {
    if (isValidObservation(poll.observation)) {
      owned.result = poll.observation;
    } else {
      owned.result = contractViolationObservation();
      recordFault(core, owned.key, { kind: 'invalid-executor-observation' }, null, false, report);
    }
  }
}

function executorFault(
  core: SupervisorCore,
  owned: OwnedPhysicalOperation,
  kind: ProviderSupervisorFaultKind,
  error: NativeProviderOperationError,
  blocking: boolean,
  report: ProviderSupervisorTick,
): void {
  if (blocking) {
    recordBlockingFault(core, owned.key, kind, error.code, report);
  } else {
    recordFault(core, owned.key, kind, error.code, false, report);
  }
}
