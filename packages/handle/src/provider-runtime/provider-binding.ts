import type {
  CapabilityRequestKey,
  ProviderBindingId,
  ToolOperationId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { BoundedQueue } from '../queue/bounded-queue.js';
import type { BindingLifecycle } from './binding-lifecycle.js';
import { closingRetry } from './binding-lifecycle.js';
import { ProviderCancellationFlag } from './contract/provider-cancellation-token.js';
import type { ProviderWork } from './contract/provider-work.js';
import type { ProviderOperation } from './provider-operation.js';
import type { ProviderReceipt } from './provider-receipt.js';
import type { ProviderRegistry } from './provider-registry.js';

/** What the binding remembers about an observation it submitted and awaits a receipt for. */
export interface PendingObservation {
  readonly operationId: ToolOperationId;
  readonly requestKey: CapabilityRequestKey;
}

/**
 * The shared state of one provider binding: lifecycle, the kernel-side senders of its work and
 * receipt queues, the observations awaiting receipts, the released operations and the binding's
 * cancellation flag. The runtime handle, its completion handles, its invocation tickets and the
 * kernel port all point at the same instance.
 */
export class ProviderBinding {
  readonly providerId: ToolProviderId;
  readonly bindingId: ProviderBindingId;
  /** Clamped capacity of both the work queue and the receipt queue. */
  readonly effectCapacity: number;
  readonly registry: ProviderRegistry;
  lifecycle: BindingLifecycle;
  readonly work: BoundedQueue<ProviderWork>;
  readonly receipts: BoundedQueue<ProviderReceipt>;
  /** Keyed by provider-runtime sequence; iterate in ascending order. */
  readonly pendingObservations = new Map<number, PendingObservation>();
  readonly operations = new Map<ToolOperationId, ProviderOperation>();
  /** Set by quiesce, close, fault, overflow and retirement. Never cleared. */
  readonly cancelled = new ProviderCancellationFlag();

  constructor(
    registry: ProviderRegistry,
    providerId: ToolProviderId,
    bindingId: ProviderBindingId,
    effectCapacity: number,
  ) {
    this.registry = registry;
    this.providerId = providerId;
    this.bindingId = bindingId;
    this.effectCapacity = effectCapacity;
    this.lifecycle = { kind: 'attach-sent', sequence: bindingId };
    this.work = new BoundedQueue(effectCapacity);
    this.receipts = new BoundedQueue(effectCapacity);
  }

  /** Takes every operation out of the map and sets its cancellation flag. */
  cancelAllOperations(): void {
    for (const operation of this.operations.values()) operation.cancelled.cancel();
    this.operations.clear();
  }

  /** Drops the kernel-side work sender: no further work can be queued. */
  dropWorkSender(): void {
    this.work.closeSender();
  }

  /**
   * Fences the binding after a contract failure: cancelled, moved to retry its detach (unless a
   * detach is already in flight or it is closed), operations cancelled, work lane closed. The
   * detach goes out on the next flush.
   */
  fault(): void {
    this.cancelled.cancel();
    const { kind } = this.lifecycle;
    if (kind !== 'detach-sent' && kind !== 'closed') {
      this.lifecycle = closingRetry(this.lifecycle);
    }
    this.cancelAllOperations();
    this.dropWorkSender();
  }

  /**
   * Ends the binding locally: closed, cancelled, work lane closed, every pending observation
   * answered with a `runtime-closed` receipt (ascending sequence, failures ignored), then the
   * receipt lane closed. Idempotent.
   */
  retire(): void {
    this.cancelled.cancel();
    this.lifecycle = { kind: 'closed' };
    this.cancelAllOperations();
    this.dropWorkSender();
    const pending = [...this.pendingObservations.entries()].sort(([a], [b]) => a - b);
    this.pendingObservations.clear();
    for (const [sequence, observation] of pending) {
      this.receipts.trySend({
        sequence,
        operationId: observation.operationId,
        requestKey: observation.requestKey,
        status: { kind: 'runtime-closed' },
      });
    }
    this.receipts.closeSender();
  }
}
