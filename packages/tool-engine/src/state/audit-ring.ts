import type { ToolAuditEvent } from '@gate4agent/tool-protocol';

/**
 * The newest `capacity` audit events, oldest first. The events sit in one array from `#start`
 * on, so {@link AuditRing.toArray} is one native slice; an event pushed past the capacity drops
 * the oldest by moving `#start` (and clearing its slot, so it is not kept alive), and the array is
 * compacted once the dropped slots reach the capacity: a copy of `capacity` events every
 * `capacity` pushes, where `Array.prototype.shift` on the full 4 096-event log would move every
 * other event on each emit.
 */
export class AuditRing {
  #slots: (ToolAuditEvent | undefined)[] = [];
  readonly #capacity: number;
  #start = 0;

  /** An empty ring that keeps at most `capacity` events. */
  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** How many events the ring holds. */
  get length(): number {
    return this.#slots.length - this.#start;
  }

  /** Whether the next {@link AuditRing.push} drops the oldest event. */
  get full(): boolean {
    return this.length === this.#capacity;
  }

  /** Appends `event`, dropping the oldest one when full. */
  push(event: ToolAuditEvent): void {
    const slots = this.#slots;
    slots.push(event);
    if (slots.length - this.#start <= this.#capacity) return;
    slots[this.#start] = undefined;
    this.#start += 1;
    if (this.#start >= this.#capacity) {
      this.#slots = slots.slice(this.#start);
      this.#start = 0;
    }
  }

  /** The events, oldest first, as a new array. */
  toArray(): ToolAuditEvent[] {
    return this.#slots.slice(this.#start) as ToolAuditEvent[];
  }
}
