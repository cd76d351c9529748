import type { Subscription } from '@gate4agent/handle';
import { SubscriberList } from '@gate4agent/handle';
import type { ToolProviderId } from '@gate4agent/tool-protocol';
import {
  MAX_PROVIDER_EVENT_SUBSCRIBERS,
  MAX_PROVIDER_SUPERVISOR_EVENTS,
  PROVIDER_EVENT_DRAIN_QUANTUM,
} from '../constants.js';
import type { PhysicalExitAck } from '../supervisor/physical-exit-ack.js';
import type { ProviderSupervisor } from '../supervisor/provider-supervisor.js';
import type { ProviderSupervisorFault } from '../supervisor/provider-supervisor-fault.js';

/** Provider ids in order, rotated to start after `cursor` (round-robin fairness). */
export function providerIdsAfter(
  providerIds: readonly ToolProviderId[],
  cursor: ToolProviderId | null,
): ToolProviderId[] {
  const sorted = [...providerIds].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  if (cursor === null) return sorted;
  const start = sorted.findIndex((providerId) => providerId > cursor);
  return start <= 0 ? sorted : [...sorted.slice(start), ...sorted.slice(0, start)];
}

class EventQueue<T> {
  readonly items: T[] = [];
  cursor: ToolProviderId | null = null;
  readonly subscribers = new SubscriberList<T>(MAX_PROVIDER_EVENT_SUBSCRIBERS);

  constructor(readonly drainOne: (supervisor: ProviderSupervisor, limit: number) => T[]) {}

  /** A provider yielded a full quantum in the last pass: it may hold more for the next one. */
  leftBehind = false;

  collect(supervisors: ReadonlyMap<ToolProviderId, ProviderSupervisor>): void {
    let room = MAX_PROVIDER_SUPERVISOR_EVENTS - this.items.length;
    this.leftBehind = false;
    if (room <= 0 || supervisors.size === 0) return;
    for (const providerId of providerIdsAfter([...supervisors.keys()], this.cursor)) {
      const supervisor = supervisors.get(providerId);
      const drained =
        supervisor === undefined
          ? []
          : this.drainOne(supervisor, Math.min(room, PROVIDER_EVENT_DRAIN_QUANTUM));
      if (drained.length > 0) {
        room -= drained.length;
        this.items.push(...drained);
        this.cursor = providerId;
        if (drained.length === PROVIDER_EVENT_DRAIN_QUANTUM) this.leftBehind = true;
      }
      if (room === 0) break;
    }
    // A full queue waits for its owner's drain, which collects again: no tick would help.
    if (room === 0) this.leftBehind = false;
    // While anyone subscribes, events go to the subscriptions instead of waiting to be drained.
    if (this.subscribers.size > 0) this.subscribers.publishMany(this.drain(this.items.length));
  }

  drain(limit: number): T[] {
    return this.items.splice(0, Math.max(0, limit));
  }
}

/**
 * The runtime's own bounded queues of physical-exit acks and supervisor faults (each at most
 * {@link MAX_PROVIDER_SUPERVISOR_EVENTS}). A collection pass takes at most
 * {@link PROVIDER_EVENT_DRAIN_QUANTUM} events from each provider, starting after the provider
 * that last yielded some, until the queue is full.
 */
export class ProviderEventQueues {
  readonly #acks = new EventQueue<PhysicalExitAck>((supervisor, limit) =>
    supervisor.drainExitAcks(limit),
  );
  readonly #faults = new EventQueue<ProviderSupervisorFault>((supervisor, limit) =>
    supervisor.drainFaults(limit),
  );

  /** Moves what the supervisors buffered into the runtime queues. */
  collect(supervisors: ReadonlyMap<ToolProviderId, ProviderSupervisor>): void {
    this.#acks.collect(supervisors);
    this.#faults.collect(supervisors);
  }

  /**
   * Whether the last collection pass may have left events behind in a supervisor (one yielded a
   * full quantum) while the queues still have room: another tick would collect them.
   */
  leftBehind(): boolean {
    return this.#acks.leftBehind || this.#faults.leftBehind;
  }

  /** A subscription to every ack collected from now on (see `NativeRuntime.subscribeProviderExitAcks`). */
  subscribeExitAcks(capacity: number): Subscription<PhysicalExitAck> {
    return this.#acks.subscribers.subscribe(capacity);
  }

  /** A subscription to every fault collected from now on. */
  subscribeFaults(capacity: number): Subscription<ProviderSupervisorFault> {
    return this.#faults.subscribers.subscribe(capacity);
  }

  /** Disconnects every subscription (they drain what they hold, then end). */
  closeSubscriptions(): void {
    this.#acks.subscribers.clear();
    this.#faults.subscribers.clear();
  }

  /** Up to `limit` acks, oldest first. */
  drainExitAcks(limit: number): PhysicalExitAck[] {
    return this.#acks.drain(limit);
  }

  /** Up to `limit` faults, oldest first. */
  drainFaults(limit: number): ProviderSupervisorFault[] {
    return this.#faults.drain(limit);
  }
}
