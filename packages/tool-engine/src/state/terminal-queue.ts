import type { RequestRecord } from './request-record.js';

/**
 * The terminal records, smallest accepted sequence first: a binary min-heap with lazy removal.
 * The owner's `isMember` is the truth (the request table: the record is still held and
 * terminal); heap entries that fail it are dropped when they surface, and the heap is rebuilt
 * once stale entries outnumber members. No per-record set is kept, so a record turning terminal
 * or being evicted costs a push or a counter, not a hash-table insert or delete. The sequences
 * sit in their own packed array, so sifting compares numbers without touching the records.
 * Accepted sequences are unique, so the order is total and eviction is deterministic.
 */
export class TerminalQueue {
  readonly #isMember: (record: RequestRecord) => boolean;
  #size = 0;
  #records: RequestRecord[] = [];
  #sequences: number[] = [];

  /** An empty queue whose membership `isMember` decides. */
  constructor(isMember: (record: RequestRecord) => boolean) {
    this.#isMember = isMember;
  }

  /** Adds a record that just became terminal (or entered the table terminal). */
  add(record: RequestRecord): void {
    this.#size += 1;
    this.#push(record, record.acceptedSequence);
  }

  /**
   * Notes that a member left (evicted, replaced, or no longer terminal): `isMember` already
   * answers false for it, or answers true again only once it has been added again.
   */
  remove(): void {
    this.#size -= 1;
    if (this.#records.length > 2 * this.#size + 64) this.#rebuild();
  }

  /** The member with the smallest accepted sequence, if any. */
  oldest(): RequestRecord | undefined {
    const records = this.#records;
    while (records.length > 0 && !this.#isMember(records[0] as RequestRecord)) this.#popTop();
    return records[0];
  }

  // The members, each once, in sequence order: a sorted array is a valid min-heap.
  #rebuild(): void {
    const sorted = [...new Set(this.#records.filter(this.#isMember))].sort(
      (left, right) => left.acceptedSequence - right.acceptedSequence,
    );
    this.#records = sorted;
    this.#sequences = sorted.map((record) => record.acceptedSequence);
  }

  #push(record: RequestRecord, sequence: number): void {
    const records = this.#records;
    const sequences = this.#sequences;
    let index = records.length;
    records.push(record);
    sequences.push(sequence);
    while (index > 0) {
      const parent = (index - 1) >>> 1;
      const above = sequences[parent] as number;
      if (above <= sequence) break;
      records[index] = records[parent] as RequestRecord;
      sequences[index] = above;
      index = parent;
    }
    records[index] = record;
    sequences[index] = sequence;
  }

  #popTop(): void {
    const records = this.#records;
    const sequences = this.#sequences;
    const last = records.pop() as RequestRecord;
    const sequence = sequences.pop() as number;
    const size = records.length;
    if (size === 0) return;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= size) break;
      const right = left + 1;
      const child =
        right < size && (sequences[right] as number) < (sequences[left] as number) ? right : left;
      const below = sequences[child] as number;
      if (below >= sequence) break;
      records[index] = records[child] as RequestRecord;
      sequences[index] = below;
      index = child;
    }
    records[index] = last;
    sequences[index] = sequence;
  }
}
