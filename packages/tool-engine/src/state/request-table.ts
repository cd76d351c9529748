import {
  CapabilityRequestKey,
  type ConsumerId,
  compareCapabilityRequestKey,
  type ToolActorId,
} from '@gate4agent/tool-protocol';
import { isTerminalRecord, type RequestRecord } from './request-record.js';

const mapKeyOf = CapabilityRequestKey.mapKey;

/**
 * The request records by exact key. Upstream keeps a `BTreeMap`; {@link RequestTable.sorted}
 * gives that order (cached until a record is added or removed), and every "collect the targets,
 * then close them" loop goes through it.
 */
export class RequestTable {
  readonly #records = new Map<string, RequestRecord>();
  #sorted: readonly RequestRecord[] | null = null;

  /** How many records (live and retained terminal) the table holds. */
  get size(): number {
    return this.#records.size;
  }

  /** The record at exactly `key`, if any. */
  get(key: CapabilityRequestKey): RequestRecord | undefined {
    return this.#records.get(mapKeyOf(key));
  }

  /** Inserts `record`, replacing any record with the same key. */
  set(record: RequestRecord): void {
    this.#records.set(mapKeyOf(record.request.key), record);
    this.#sorted = null;
  }

  /** Removes the record at `key`. */
  delete(key: CapabilityRequestKey): void {
    if (this.#records.delete(mapKeyOf(key))) this.#sorted = null;
  }

  /** Every record in key order. The array is shared: do not mutate it. */
  sorted(): readonly RequestRecord[] {
    if (this.#sorted === null) {
      this.#sorted = Object.freeze(
        [...this.#records.values()].sort((left, right) =>
          compareCapabilityRequestKey(left.request.key, right.request.key),
        ),
      );
    }
    return this.#sorted;
  }

  /** The live (non-terminal) records matching `predicate`, in key order. */
  live(predicate: (record: RequestRecord) => boolean): RequestRecord[] {
    return this.sorted().filter((record) => !isTerminalRecord(record) && predicate(record));
  }

  /** How many live records the (consumer, actor) client has. */
  liveCount(consumerId: ConsumerId, actorId: ToolActorId): number {
    let count = 0;
    for (const record of this.#records.values()) {
      const { key } = record.request;
      if (key.consumerId === consumerId && key.actorId === actorId && !isTerminalRecord(record)) {
        count += 1;
      }
    }
    return count;
  }

  /** The terminal record with the smallest accepted sequence: the one eviction removes. */
  oldestTerminal(): RequestRecord | undefined {
    let oldest: RequestRecord | undefined;
    for (const record of this.#records.values()) {
      if (!isTerminalRecord(record)) continue;
      if (
        oldest === undefined ||
        record.snapshot.acceptedSequence < oldest.snapshot.acceptedSequence
      ) {
        oldest = record;
      }
    }
    return oldest;
  }
}
