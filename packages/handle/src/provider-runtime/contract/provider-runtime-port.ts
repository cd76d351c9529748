import type {
  CapabilityObservation,
  ProviderBindingId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import type { ProviderInvocation } from './provider-invocation.js';
import type { ProviderObservationOutcome } from './provider-observation-outcome.js';
import type { ProviderRuntimeError } from './provider-runtime-error.js';
import type { ProviderRuntimeState } from './provider-runtime-state.js';
import type { ProviderWork } from './provider-work.js';
import type { TryRecvError } from './try-recv-error.js';

/**
 * The part of a provider-runtime handle a provider consumer (the provider supervisor) drives.
 * `ProviderRuntimeHandle` implements it; tests can substitute a fake. Every method is synchronous
 * and never blocks.
 */
export interface ProviderRuntimePort {
  /** The provider this binding serves. */
  providerId(): ToolProviderId;
  /** This binding's id (its attach sequence). */
  bindingId(): ProviderBindingId;
  /** The clamped capacity of both the work queue and the receipt queue. */
  effectCapacity(): number;
  /** The public lifecycle of the binding. */
  state(): ProviderRuntimeState;
  /** The next work item; `disconnected` (even with work buffered) unless active or quiescing. */
  tryRecv(): Result<ProviderWork, TryRecvError>;
  /** The next observation receipt; not fenced by the lifecycle. */
  tryRecvObservationOutcome(): Result<ProviderObservationOutcome, TryRecvError>;
  /**
   * Submits the terminal observation of `invocation` and returns its provider-runtime sequence,
   * which is not an acknowledgement: the receipt comes later. On error the ticket is not consumed.
   */
  tryComplete(
    invocation: ProviderInvocation,
    observation: CapabilityObservation,
  ): Result<number, ProviderRuntimeError>;
  /** Hides the binding from new requests and cancels its operations, keeping them completable. */
  beginQuiesce(): Result<void, ProviderRuntimeError>;
  /** Requests the detach; returns the detach sequence. Cancels every operation even on error. */
  close(): Result<number, ProviderRuntimeError>;
}
