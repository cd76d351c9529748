import type { RequestRecord } from './request-record.js';

/**
 * The terminal records, smallest accepted sequence first: a binary min-heap with lazy removal
 * (the member set is the truth; heap entries of removed records are dropped when they surface,
 * and the heap is rebuilt once stale entries outnumber live ones). The sequences sit in their own
 * packed array, so sifting compares numbers without touching the records. Accepted sequences are
 * unique, so the order is total and eviction is deterministic.
 */
export class TerminalQueue {
  readonly #members = new Set<RequestRecord>();
  #records: RequestRecord[] = [];
  #sequences: number[] = [];

  /** Adds a record that just became terminal (or entered the table terminal). */
  add(record: RequestRecord): void {
    this.#members.add(record);
    this.#push(record, record.snapshot.acceptedSequence);
  }

  /** Removes a record (evicted, replaced, or no longer terminal). */
  remove(record: RequestRecord): void {
    if (!this.#members.delete(record)) return;
    if (this.#records.length > 2 * this.#members.size + 64) this.#rebuild();
  }

  /** The member with the smallest accepted sequence, if any. */
  oldest(): RequestRecord | undefined {
    const records = this.#records;
    while (records.length > 0 && !this.#members.has(records[0] as RequestRecord)) this.#popTop();
    return records[0];
  }

  #rebuild(): void {
    const sorted = [...this.#members].sort(
      (left, right) => left.snapshot.acceptedSequence - right.snapshot.acceptedSequence,
    );
    this.#records = sorted;
    this.#sequences = sorted.map((record) => record.snapshot.acceptedSequence);
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
