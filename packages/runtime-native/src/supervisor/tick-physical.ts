// One tick of a physical operation: stop, escalate, poll the result, wait for the exit, ack it,
// and decide what the operation becomes. The order of the steps is the upstream order.
import type { NativeProviderOperationError } from '@gate4agent/handle';
import {
  MAX_PROVIDER_FORCE_STOP_ATTEMPTS,
  MAX_PROVIDER_STOP_SIGNAL_ATTEMPTS,
  MAX_PROVIDER_SUPERVISOR_EVENTS,
  PROVIDER_EXIT_PROOF_TIMEOUT,
} from '../constants.js';
import { contractViolationObservation } from './contract-violation.js';
import { fallbackExitProven, fallbackSignal } from './fallback-exit.js';
import { anyValue, guarded, isExitOrNull, isResultPoll } from './guarded-call.js';
import type { OwnedPhysicalOperation, OwnedProviderOperation } from './owned-operation.js';
import type { ProviderSupervisorFaultKind } from './provider-supervisor-fault.js';
import type { ProviderSupervisorTick } from './provider-supervisor-tick.js';
import type { SupervisorCore } from './supervisor-core.js';
import { pushTombstone, recordBlockingFault, recordFault } from './supervisor-core.js';
import { isValidObservation } from './tool-validation.js';

// Module functions rather than closures per call: this runs for every owned operation on every
// tick, and the bundle names each closure it creates (keepNames) with a property definition.
function alive(owned: OwnedPhysicalOperation): boolean {
  return owned.physicalExit === null;
}

function uncaused(owned: OwnedPhysicalOperation): boolean {
  return alive(owned) && !owned.stopSignalAttempted && owned.stopCause === null;
}

/** Ticks one physical operation; returns what it becomes, or `null` once it is finished. */
export function tickPhysical(
  core: SupervisorCore,
  owned: OwnedPhysicalOperation,
  report: ProviderSupervisorTick,
): OwnedProviderOperation | null {
  if (core.retirementRequested && uncaused(owned)) owned.stopCause = { kind: 'retirement' };
  if (core.detachBlocked && uncaused(owned)) owned.stopCause = { kind: 'supervisor-fault' };

  const cancellationRequested = owned.invocation.cancellationToken().isCancelled();
  const stopRequired =
    core.retirementRequested ||
    core.detachBlocked ||
    cancellationRequested ||
    owned.stopCause !== null;

  if (
    alive(owned) &&
    stopRequired &&
    !owned.stopSignalled &&
    owned.stopSignalAttempts < MAX_PROVIDER_STOP_SIGNAL_ATTEMPTS
  ) {
    owned.stopSignalAttempted = true;
    owned.stopSignalAttempts += 1;
    report.stopSignals += 1;
    const stopped = guarded('request-stop', () => owned.operation.requestStop(), anyValue);
    if (stopped.kind === 'fault') {
      brokenExecutor(core, owned, stopped.fault, report);
      // The supervisor stops the process itself; the ladder goes on from here.
      if (fallbackSignal(owned, 'SIGTERM')) {
        owned.stopSignalled = true;
        owned.stopSignalledAt = core.now();
      }
    } else if (stopped.result.ok) {
      owned.stopSignalled = true;
      owned.stopSignalledAt = core.now();
    } else {
      const last = owned.stopSignalAttempts === MAX_PROVIDER_STOP_SIGNAL_ATTEMPTS;
      executorFault(
        core,
        owned,
        { kind: 'stop-signal-failed' },
        stopped.result.error,
        last,
        report,
      );
    }
  }

  const graceElapsed =
    owned.stopSignalledAt !== null && core.now() - owned.stopSignalledAt >= core.stopGrace;
  const forceStopRequired =
    alive(owned) &&
    stopRequired &&
    !owned.forceStopSignalled &&
    ((!owned.stopSignalled && owned.stopSignalAttempts === MAX_PROVIDER_STOP_SIGNAL_ATTEMPTS) ||
      graceElapsed);
  if (forceStopRequired && owned.forceStopAttempts < MAX_PROVIDER_FORCE_STOP_ATTEMPTS) {
    owned.forceStopAttempts += 1;
    report.forceStopSignals += 1;
    const forced = guarded(
      'request-force-stop',
      () => owned.operation.requestForceStop(),
      anyValue,
    );
    if (forced.kind === 'fault') brokenExecutor(core, owned, forced.fault, report);
    if (forced.kind === 'result' && forced.result.ok) {
      owned.forceStopSignalled = true;
      owned.forceStopSignalledAt = core.now();
    } else if (forced.kind === 'result' && !forced.result.ok) {
      const last = owned.forceStopAttempts === MAX_PROVIDER_FORCE_STOP_ATTEMPTS;
      executorFault(core, owned, { kind: 'force-stop-failed' }, forced.result.error, last, report);
    }
    if (owned.executorBroken && fallbackKill(owned) && !owned.forceStopSignalled) {
      owned.forceStopSignalled = true;
      owned.forceStopSignalledAt = core.now();
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

  if (alive(owned)) {
    const waited = waitForExit(core, owned, report);
    if (waited === 'failed') return owned;
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

// The executor's `tryWait`, guarded; a broken or hung executor's operation is proven gone (or,
// with no pid to check, given up on with `exit-unproven`) by the supervisor itself.
function waitForExit(
  core: SupervisorCore,
  owned: OwnedPhysicalOperation,
  report: ProviderSupervisorTick,
): 'waited' | 'failed' {
  const waited = guarded('try-wait', () => owned.operation.tryWait(), isExitOrNull);
  if (waited.kind === 'result' && waited.result.ok && waited.result.value !== null) {
    owned.physicalExit = { success: waited.result.value.success, code: waited.result.value.code };
    return 'waited';
  }
  const hung =
    owned.forceStopSignalledAt !== null &&
    core.now() - owned.forceStopSignalledAt >= PROVIDER_EXIT_PROOF_TIMEOUT;
  if (waited.kind === 'result' && waited.result.ok && hung && !owned.executorBroken) {
    brokenExecutor(core, owned, { kind: 'executor-hung', method: 'try-wait' }, report);
  }
  if (waited.kind === 'fault') {
    if (!owned.executorBroken) {
      if (!core.retirementRequested && !owned.stopSignalAttempted && owned.stopCause === null) {
        owned.stopCause = { kind: 'supervisor-fault' };
      }
      brokenExecutor(core, owned, waited.fault, report);
    }
  } else if (!waited.result.ok) {
    if (!core.retirementRequested && !owned.stopSignalAttempted && owned.stopCause === null) {
      owned.stopCause = { kind: 'supervisor-fault' };
    }
    recordBlockingFault(core, owned.key, { kind: 'wait-failed' }, waited.result.error.code, report);
  }
  if (!owned.executorBroken)
    return waited.kind === 'result' && waited.result.ok ? 'waited' : 'failed';
  // From here the supervisor proves the end itself, once a stop is under way.
  if (owned.stopCause === null && !owned.stopSignalAttempted && !core.retirementRequested) {
    owned.stopCause = { kind: 'supervisor-fault' };
  }
  if (owned.pid !== null) {
    // The ladder already reached the force stop, which the executor could not carry out.
    if (owned.forceStopSignalled) fallbackKill(owned);
    if (fallbackExitProven(owned)) {
      owned.physicalExit = { success: false, code: null };
      return 'waited';
    }
    return 'failed';
  }
  if (
    hung ||
    (owned.forceStopSignalledAt === null &&
      owned.forceStopAttempts >= MAX_PROVIDER_FORCE_STOP_ATTEMPTS)
  ) {
    recordBlockingFault(core, owned.key, { kind: 'exit-unproven' }, null, report);
    disposeQuietly(owned);
    owned.physicalExit = { success: false, code: null };
    return 'waited';
  }
  return 'failed';
}

// SIGKILL to the operation's group by the supervisor itself, once.
function fallbackKill(owned: OwnedPhysicalOperation): boolean {
  if (owned.fallbackKillSent) return true;
  owned.fallbackKillSent = fallbackSignal(owned, 'SIGKILL');
  return owned.fallbackKillSent;
}

function disposeQuietly(owned: OwnedPhysicalOperation): void {
  try {
    owned.operation.dispose?.();
  } catch {
    // Already reported: the executor is broken; its fail-safe is one last best effort.
  }
}

/** Records the blocking fault of a broken executor and marks the operation for the fallback. */
function brokenExecutor(
  core: SupervisorCore,
  owned: OwnedPhysicalOperation,
  fault: ProviderSupervisorFaultKind,
  report: ProviderSupervisorTick,
): void {
  owned.executorBroken = true;
  recordBlockingFault(core, owned.key, fault, null, report);
}

function pollResult(
  core: SupervisorCore,
  owned: OwnedPhysicalOperation,
  report: ProviderSupervisorTick,
): void {
  const guardedPoll = guarded(
    'try-poll-result',
    () => owned.operation.tryPollResult(),
    isResultPoll,
  );
  if (guardedPoll.kind === 'fault' || !guardedPoll.result.ok) {
    owned.result = contractViolationObservation();
    owned.resultClosed = true;
    if (!core.retirementRequested && owned.stopCause === null) {
      owned.stopCause = { kind: 'supervisor-fault' };
    }
    if (guardedPoll.kind === 'fault') {
      brokenExecutor(core, owned, guardedPoll.fault, report);
    } else if (!guardedPoll.result.ok) {
      const code = guardedPoll.result.error.code;
      recordBlockingFault(core, owned.key, { kind: 'result-poll-failed' }, code, report);
    }
    return;
  }
  const poll = guardedPoll.result.value;
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
