import { BoundedQueue } from '../queue/bounded-queue.js';
import { boundedSubscriptionCapacity } from '../queue/clamp-capacity.js';
import type { PublishReport } from './publish-report.js';
import { addPublishReport, emptyPublishReport } from './publish-report.js';
import { Subscription } from './subscription.js';

/**
 * The publishing side of a fan-out: the registered subscriber queues of one edge, client or
 * authority. A subscriber that cannot keep up is disconnected, never silently skipped.
 */
export class SubscriberList<T> {
  readonly #max: number;
  #senders: BoundedQueue<T>[] = [];

  constructor(max: number) {
    this.#max = max;
  }

  /** Registered senders, including dead ones not yet pruned by a publish. */
  get size(): number {
    return this.#senders.length;
  }

  /**
   * Creates a subscription of `capacity` (clamped to `[1, MAX_SUBSCRIPTION_CAPACITY]`). When the
   * list is at its limit or `accept` is false the sender is dropped at once, so the subscription is
   * born disconnected: its first `tryRecv` reports `disconnected`. No error is returned.
   */
  subscribe(capacity: number, accept = true): Subscription<T> {
    const queue = new BoundedQueue<T>(boundedSubscriptionCapacity(capacity));
    if (accept && this.#senders.length < this.#max) {
      this.#senders.push(queue);
    } else {
      queue.closeSender();
    }
    return new Subscription(queue);
  }

  /** Offers one item to every subscriber, removing the full and the closed ones. */
  publishOne(item: T): PublishReport {
    const report = emptyPublishReport();
    const kept: BoundedQueue<T>[] = [];
    for (const sender of this.#senders) {
      const sent = sender.trySend(item);
      if (sent.ok) {
        report.delivered += 1;
        kept.push(sender);
      } else if (sent.error.kind === 'full') {
        sender.closeSender();
        report.disconnectedSlow += 1;
      } else {
        sender.closeSender();
        report.disconnectedClosed += 1;
      }
    }
    this.#senders = kept;
    return report;
  }

  /** Offers items in order; a subscriber removed at item k receives nothing after k. */
  publishMany(items: Iterable<T>): PublishReport {
    const report = emptyPublishReport();
    for (const item of items) addPublishReport(report, this.publishOne(item));
    return report;
  }

  /** Drops every sender: each reader drains what it holds, then sees `disconnected`. */
  clear(): void {
    for (const sender of this.#senders) sender.closeSender();
    this.#senders = [];
  }
}
