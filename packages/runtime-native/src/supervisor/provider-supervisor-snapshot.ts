import type {
  NativeProviderExit,
  ProviderOperationKey,
  ProviderRuntimeState,
} from '@gate4agent/handle';
import type {
  ProviderBindingId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { ProviderStopCause } from './provider-stop-cause.js';
import type { ProviderSupervisorState } from './provider-supervisor-state.js';

/** One owned operation as the supervisor sees it. */
export interface ProviderOperationSnapshot {
  readonly operation: ProviderOperationKey;
  readonly capabilityId: ToolCapabilityId;
  readonly deadlineTick: number;
  readonly stopSignalAttempted: boolean;
  readonly stopSignalled: boolean;
  readonly forceStopAttempted: boolean;
  readonly forceStopSignalled: boolean;
  readonly stopCause: ProviderStopCause | null;
  readonly physicalExit: NativeProviderExit | null;
  readonly resultReady: boolean;
}

/** An immutable picture of a provider supervisor; operations in ascending operation-id order. */
export interface ProviderSupervisorSnapshot {
  readonly providerId: ToolProviderId;
  readonly bindingId: ProviderBindingId;
  readonly state: ProviderSupervisorState;
  readonly runtimeState: ProviderRuntimeState;
  readonly operations: readonly ProviderOperationSnapshot[];
  readonly closeSequence: number | null;
  readonly bufferedExitAcks: number;
  /** Buffered faults, counting a pending overflow report as one. */
  readonly bufferedFaults: number;
  readonly droppedFaults: number;
  /** Some operation has exited but its ack waits for room in the ack buffer. */
  readonly exitAckBackpressured: boolean;
}
