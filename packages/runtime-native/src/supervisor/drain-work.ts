import type { ProviderInvocation } from '@gate4agent/handle';
import { readProcess } from '@gate4agent/process';
import type { ToolFailure } from '@gate4agent/tool-protocol';
import {
  MAX_PROVIDER_SUPERVISOR_OPERATIONS,
  MAX_PROVIDER_SUPERVISOR_WORK_PER_TICK,
} from '../constants.js';
import { contractViolationObservation } from './contract-violation.js';
import { anyError, guarded, isOperation, operationPid } from './guarded-call.js';
import { handleCancellation } from './handle-cancellation.js';
import { operationKey } from './operation-key.js';
import type { ProviderSupervisorTick } from './provider-supervisor-tick.js';
import type { SupervisorCore } from './supervisor-core.js';
import { pushTombstone, recordBlockingFault, recordFault } from './supervisor-core.js';
import { descriptorHasCapability, isValidFailure } from './tool-validation.js';

/** Reads and applies up to one quantum of work items. */
export function drainWork(core: SupervisorCore, report: ProviderSupervisorTick): void {
  core.workLeftBehind = false;
  for (let i = 0; i < MAX_PROVIDER_SUPERVISOR_WORK_PER_TICK; i += 1) {
    const received = core.runtime.tryRecv();
    if (!received.ok) return;
    if (i === MAX_PROVIDER_SUPERVISOR_WORK_PER_TICK - 1) core.workLeftBehind = true;
    report.workReceived += 1;
    const work = received.value;
    if (work.kind === 'cancel') {
      handleCancellation(core, work.cancellation, report);
    } else if (core.retirementRequested || core.detachBlocked) {
      pushTombstone(core, operationKey(work.invocation), report);
    } else {
      startInvocation(core, work.invocation, report);
    }
  }
}

function startInvocation(
  core: SupervisorCore,
  invocation: ProviderInvocation,
  report: ProviderSupervisorTick,
): void {
  const key = operationKey(invocation);
  const capabilityId = invocation.capabilityId();
  const deadlineTick = invocation.deadlineTick();
  if (
    core.owned.has(key.operationId) ||
    core.tombstones.some((tombstone) => tombstone.operationId === key.operationId)
  ) {
    recordBlockingFault(core, key, { kind: 'conflicting-invocation' }, null, report);
    return;
  }
  if (core.owned.size >= MAX_PROVIDER_SUPERVISOR_OPERATIONS) {
    recordBlockingFault(core, key, { kind: 'operation-capacity-exceeded' }, null, report);
    return;
  }
  const base = { key, capabilityId, deadlineTick };
  if (!descriptorHasCapability(core.descriptor, capabilityId)) {
    recordFault(core, key, { kind: 'invalid-executor-observation' }, null, false, report);
    core.owned.set(key.operationId, {
      state: 'pending-completion',
      ...base,
      invocation,
      observation: contractViolationObservation(),
    });
    return;
  }
  if (invocation.cancellationToken().isCancelled()) {
    core.owned.set(key.operationId, { state: 'awaiting-cancellation', ...base });
    return;
  }

  const started = guarded('start', () => core.executor.start(invocation), isOperation, anyError);
  if (started.kind === 'fault') {
    // A start that throws or answers outside the contract is a failed start: the request gets
    // its completion (a contract violation) and the provider is faulted.
    recordBlockingFault(core, key, started.fault, null, report);
    core.owned.set(key.operationId, {
      state: 'pending-completion',
      ...base,
      invocation,
      observation: contractViolationObservation(),
    });
    return;
  }
  if (started.result.ok) {
    const operation = started.result.value;
    const { pid, fault } = operationPid(operation);
    if (fault !== null) recordBlockingFault(core, key, fault, null, report);
    const read = pid === null ? null : readProcess(pid);
    report.operationsStarted += 1;
    core.owned.set(key.operationId, {
      state: 'physical',
      ...base,
      invocation,
      operation,
      stopSignalAttempted: false,
      stopSignalAttempts: 0,
      stopSignalled: false,
      stopSignalledAt: null,
      forceStopAttempts: 0,
      forceStopSignalled: false,
      stopCause: null,
      cancellationReceived: false,
      result: null,
      resultClosed: false,
      physicalExit: null,
      exitAckEmitted: false,
      pid,
      pidStartTime: read?.kind === 'process' ? read.entry.startTime : null,
      executorBroken: fault !== null,
      forceStopSignalledAt: null,
      fallbackKillSent: false,
    });
    return;
  }
  const failure = started.result.error as ToolFailure;
  let observation = contractViolationObservation();
  if (isValidFailure(failure)) {
    observation = { kind: 'failed', failure };
  } else {
    recordFault(core, key, { kind: 'invalid-executor-failure' }, null, false, report);
  }
  core.owned.set(key.operationId, {
    state: 'pending-completion',
    ...base,
    invocation,
    observation,
  });
}
