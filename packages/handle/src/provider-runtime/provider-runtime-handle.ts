import type {
  CapabilityObservation,
  CapabilityResult,
  ProviderBindingId,
  ToolFailure,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err } from '@gate4agent/types';
import type { ReceiveOptions } from '../queue/receive-async.js';
import { receiveIterator, receiveNext } from '../queue/receive-async.js';
import { beginQuiesce } from './begin-quiesce.js';
import { acceptsWork, publicLifecycle } from './binding-lifecycle.js';
import { ProviderCancellationToken } from './contract/provider-cancellation-token.js';
import type { ProviderInvocation } from './contract/provider-invocation.js';
import type { ProviderRuntimeError } from './contract/provider-runtime-error.js';
import type { ProviderRuntimePort } from './contract/provider-runtime-port.js';
import type { ProviderRuntimeState } from './contract/provider-runtime-state.js';
import type { ProviderWork } from './contract/provider-work.js';
import { TryRecvError } from './contract/try-recv-error.js';
import type { ProviderBinding } from './provider-binding.js';
import { ProviderCompletionHandle } from './provider-completion-handle.js';
import type { ProviderReceipt } from './provider-receipt.js';
import { requestClose } from './request-close.js';
import { tryComplete } from './try-complete.js';

let readRuntimeBindingOf: (handle: ProviderRuntimeHandle) => ProviderBinding;

/**
 * The receiving side of one exact provider binding: its work queue (fenced by the lifecycle) and
 * its receipt queue (not fenced). Single owner; call {@link dispose} (or `close`) when done.
 */
export class ProviderRuntimeHandle implements ProviderRuntimePort, Disposable {
  readonly #binding: ProviderBinding;
  #disposed = false;

  static {
    readRuntimeBindingOf = (handle) => handle.#binding;
  }

  /** @internal obtained from `ProviderRuntimeAuthorityHandle.bindProvider`. */
  constructor(binding: ProviderBinding) {
    this.#binding = binding;
  }

  providerId(): ToolProviderId {
    return this.#binding.providerId;
  }

  bindingId(): ProviderBindingId {
    return this.#binding.bindingId;
  }

  effectCapacity(): number {
    return this.#binding.effectCapacity;
  }

  state(): ProviderRuntimeState {
    return publicLifecycle(this.#binding.lifecycle);
  }

  /** A completion sender for this binding that can be handed to workers. */
  completionHandle(): ProviderCompletionHandle {
    return new ProviderCompletionHandle(this.#binding);
  }

  /** The binding-level token: cancelled once the binding quiesces, closes, faults or retires. */
  cancellationToken(): ProviderCancellationToken {
    return new ProviderCancellationToken(this.#binding.cancelled);
  }

  tryRecv(): Result<ProviderWork, TryRecvError> {
    if (!acceptsWork(this.#binding.lifecycle)) return err(TryRecvError.disconnected());
    return this.#binding.work.tryRecv();
  }

  tryRecvObservationOutcome(): Result<ProviderReceipt, TryRecvError> {
    return this.#binding.receipts.tryRecv();
  }

  /**
   * Waits for the next work item (`{ done: true }` once the work lane is closed and drained),
   * settled by the kernel's own send: no timer, no poll. An aborted `signal` rejects with
   * `signal.reason` and takes nothing.
   */
  nextWork(options?: ReceiveOptions): Promise<IteratorResult<ProviderWork, undefined>> {
    return receiveNext(this.#workSource(), options);
  }

  /** `for await (const work of runtime.work())`: every work item until the lane closes. */
  work(options?: ReceiveOptions): AsyncIterableIterator<ProviderWork, undefined, undefined> {
    return receiveIterator(this.#workSource(), options);
  }

  /** Waits for the next observation receipt, like {@link nextWork}. */
  nextObservationOutcome(
    options?: ReceiveOptions,
  ): Promise<IteratorResult<ProviderReceipt, undefined>> {
    return receiveNext(this.#binding.receipts, options);
  }

  #workSource() {
    const work = this.#binding.work;
    return {
      tryRecv: () => this.tryRecv(),
      onReadable: (listener: () => void) => work.onReadable(listener),
    };
  }

  beginQuiesce(): Result<void, ProviderRuntimeError> {
    return beginQuiesce(this.#binding);
  }

  close(): Result<number, ProviderRuntimeError> {
    return requestClose(this.#binding);
  }

  tryComplete(
    invocation: ProviderInvocation,
    observation: CapabilityObservation,
  ): Result<number, ProviderRuntimeError> {
    return tryComplete(this.#binding, invocation, observation);
  }

  /** {@link tryComplete} with a `succeeded` observation. */
  trySucceed(
    invocation: ProviderInvocation,
    result: CapabilityResult,
  ): Result<number, ProviderRuntimeError> {
    return this.tryComplete(invocation, { kind: 'succeeded', result });
  }

  /** {@link tryComplete} with a `failed` observation. */
  tryFail(
    invocation: ProviderInvocation,
    failure: ToolFailure,
  ): Result<number, ProviderRuntimeError> {
    return this.tryComplete(invocation, { kind: 'failed', failure });
  }

  /**
   * Gives the handle up (Rust: dropping it): requests the detach like `close()`, ignoring the
   * result, and drops both readers, so a later receipt that cannot be delivered faults the
   * binding. Idempotent.
   */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    requestClose(this.#binding);
    this.#binding.work.closeReceiver();
    this.#binding.receipts.closeReceiver();
  }

  [Symbol.dispose](): void {
    this.dispose();
  }
}

/**
 * Internal accessor and test seam, not exported by the package (CONTRIBUTING.md, "Test seams"):
 * the binding behind a runtime handle.
 */
export function runtimeBindingOf(handle: ProviderRuntimeHandle): ProviderBinding {
  return readRuntimeBindingOf(handle);
}
