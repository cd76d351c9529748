// The four states an operation owned by a provider supervisor can be in, and the pure helpers
// over them. Internal to the supervisor.
import type {
  NativeProviderExit,
  NativeProviderOperation,
  ProviderCancellationToken,
  ProviderInvocation,
  ProviderOperationKey,
} from '@gate4agent/handle';
import type {
  CapabilityObservation,
  InvocationCancelReason,
  ToolCapabilityId,
} from '@gate4agent/tool-protocol';
import type { ProviderStopCause } from './provider-stop-cause.js';
import type { ProviderOperationSnapshot } from './provider-supervisor-snapshot.js';

/** A started operation the supervisor owns until its physical exit is proven. */
export interface OwnedPhysicalOperation {
  readonly state: 'physical';
  readonly key: ProviderOperationKey;
  readonly capabilityId: ToolCapabilityId;
  readonly deadlineTick: number;
  readonly invocation: ProviderInvocation;
  readonly operation: NativeProviderOperation;
  stopSignalAttempted: boolean;
  stopSignalAttempts: number;
  stopSignalled: boolean;
  /** Clock reading when the cooperative stop was accepted. */
  stopSignalledAt: number | null;
  forceStopAttempts: number;
  forceStopSignalled: boolean;
  stopCause: ProviderStopCause | null;
  cancellationReceived: boolean;
  result: CapabilityObservation | null;
  resultClosed: boolean;
  physicalExit: NativeProviderExit | null;
  exitAckEmitted: boolean;
  /** The process (and group) the operation leads, from its optional `pid`; `null` without one. */
  readonly pid: number | null;
  /** Start time of `pid` read at start, so a recycled pid is never signalled. */
  readonly pidStartTime: number | null;
  /** The executor threw, returned an invalid value or hung for this operation. */
  executorBroken: boolean;
  /** Clock reading when the force stop was accepted (by the executor or the supervisor). */
  forceStopSignalledAt: number | null;
  /** The supervisor has SIGKILLed the operation's process group itself (broken executor). */
  fallbackKillSent: boolean;
}

/** A terminal observation waiting to be submitted. */
export interface PendingCompletion {
  readonly state: 'pending-completion';
  readonly key: ProviderOperationKey;
  readonly capabilityId: ToolCapabilityId;
  readonly deadlineTick: number;
  readonly invocation: ProviderInvocation;
  readonly observation: CapabilityObservation;
}

/** A submitted observation waiting for the kernel's receipt. */
export interface AwaitingObservationOutcome {
  readonly state: 'awaiting-observation-outcome';
  readonly key: ProviderOperationKey;
  readonly capabilityId: ToolCapabilityId;
  readonly deadlineTick: number;
  readonly sequence: number;
  readonly cancellationToken: ProviderCancellationToken;
  cancellationReason: InvocationCancelReason | null;
}

/** A cancelled operation that never submits a result, waiting for its Cancel work item. */
export interface AwaitingCancellation {
  readonly state: 'awaiting-cancellation';
  readonly key: ProviderOperationKey;
  readonly capabilityId: ToolCapabilityId;
  readonly deadlineTick: number;
}

/** An operation owned by the supervisor. */
export type OwnedProviderOperation =
  | OwnedPhysicalOperation
  | PendingCompletion
  | AwaitingObservationOutcome
  | AwaitingCancellation;

/** Whether the operation still owns a native resource. */
export function hasPhysicalOwner(owned: OwnedProviderOperation): boolean {
  return owned.state === 'physical';
}

/** Gives a live physical operation the cause a blocking fault implies, unless it has one. */
export function fenceForFault(owned: OwnedProviderOperation, retirementRequested: boolean): void {
  if (owned.state !== 'physical') return;
  if (owned.physicalExit === null && !owned.stopSignalAttempted && owned.stopCause === null) {
    owned.stopCause = retirementRequested ? { kind: 'retirement' } : { kind: 'supervisor-fault' };
  }
}

/** Gives a physical operation a stop cause once its binding has closed under it. */
export function fenceForRuntimeClose(
  owned: OwnedProviderOperation,
  retirementRequested: boolean,
): void {
  if (owned.state !== 'physical' || owned.stopCause !== null) return;
  if (owned.stopSignalAttempted) {
    owned.stopCause = { kind: 'supervisor-fault' };
  } else if (owned.physicalExit === null) {
    owned.stopCause = retirementRequested ? { kind: 'retirement' } : { kind: 'supervisor-fault' };
  }
}

/** The operation's snapshot. */
export function snapshotOwned(owned: OwnedProviderOperation): ProviderOperationSnapshot {
  const base = {
    operation: owned.key,
    capabilityId: owned.capabilityId,
    deadlineTick: owned.deadlineTick,
  };
  const idle = {
    stopSignalAttempted: false,
    stopSignalled: false,
    forceStopAttempted: false,
    forceStopSignalled: false,
    physicalExit: null,
  };
  switch (owned.state) {
    case 'physical':
      return {
        ...base,
        stopSignalAttempted: owned.stopSignalAttempted,
        stopSignalled: owned.stopSignalled,
        forceStopAttempted: owned.forceStopAttempts !== 0,
        forceStopSignalled: owned.forceStopSignalled,
        stopCause: owned.stopCause,
        physicalExit: owned.physicalExit,
        resultReady: owned.result !== null,
      };
    case 'pending-completion':
      return { ...base, ...idle, stopCause: null, resultReady: true };
    case 'awaiting-observation-outcome':
      return {
        ...base,
        ...idle,
        stopCause:
          owned.cancellationReason === null
            ? null
            : { kind: 'cancellation', reason: owned.cancellationReason },
        resultReady: true,
      };
    case 'awaiting-cancellation':
      return { ...base, ...idle, stopCause: null, resultReady: false };
  }
}

/** Whether the operation has exited but its ack is still waiting for buffer room. */
export function exitAckBackpressured(owned: OwnedProviderOperation): boolean {
  return owned.state === 'physical' && owned.physicalExit !== null && !owned.exitAckEmitted;
}
