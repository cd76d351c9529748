import {
  type CapabilityRequestKey,
  type CapabilityRequestStatus,
  type ConsumerId,
  compareCapabilityRequestKey,
  type ToolActorId,
} from '@gate4agent/tool-protocol';
import { deepFreeze } from '@gate4agent/types';
import { isTerminalRecord, type RequestRecord } from './request-record.js';
import { TerminalQueue } from './terminal-queue.js';

// compareCapabilityRequestKey, with an identity check first: ids repeat across records and an
// equal pair of strings needs no character comparison.
function byKey(left: RequestRecord, right: RequestRecord): number {
  const a = left.request.key;
  const b = right.request.key;
  if (a.consumerId !== b.consumerId || a.actorId !== b.actorId) {
    return compareCapabilityRequestKey(a, b);
  }
  return a.localId - b.localId;
}

/** The first index of `sorted` whose record is not before `record` in key order. */
function lowerBound(sorted: readonly RequestRecord[], record: RequestRecord): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byKey(sorted[middle] as RequestRecord, record) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether `record` itself is in `sorted` (whose keys are unique). */
function isKept(sorted: readonly RequestRecord[], record: RequestRecord): boolean {
  return sorted[lowerBound(sorted, record)] === record;
}

/**
 * `kept` (in key order) without the `removed` records, merged with `added` (in key order, none of
 * them removed). The removed records and the insertion points of the added ones are found by
 * binary search, so the records in between are copied without a comparison or a set lookup: a
 * step changes a few records of a table of hundreds.
 */
function mergeByKey(
  kept: readonly RequestRecord[],
  removed: ReadonlySet<RequestRecord>,
  added: readonly RequestRecord[],
): RequestRecord[] {
  const cuts: number[] = [];
  for (const record of removed) {
    const index = lowerBound(kept, record);
    if (kept[index] === record) cuts.push(index);
  }
  cuts.sort((left, right) => left - right);
  const merged: RequestRecord[] = [];
  let next = 0;
  let cut = 0;
  // Copies kept[next, end) into merged, leaving out the cut indexes.
  const copyUntil = (end: number) => {
    while (cut < cuts.length && (cuts[cut] as number) < end) {
      const skipped = cuts[cut] as number;
      for (let index = next; index < skipped; index += 1) merged.push(kept[index] as RequestRecord);
      next = skipped + 1;
      cut += 1;
    }
    for (let index = next; index < end; index += 1) merged.push(kept[index] as RequestRecord);
    next = Math.max(next, end);
  };
  for (const record of added) {
    copyUntil(lowerBound(kept, record));
    merged.push(record);
  }
  copyUntil(kept.length);
  return merged;
}

/** One (consumer, actor) client's records by local id, and how many of them are live. */
interface ClientRecords {
  readonly records: Map<number, RequestRecord>;
  live: number;
}

/**
 * The request records by exact key. Upstream keeps a `BTreeMap`; {@link RequestTable.sorted}
 * gives that order, and every "collect the targets, then close them" loop goes through
 * {@link RequestTable.live}. Admission runs on every request, so the table keeps what it asks
 * for ready: records by client (no composite string key), each client's live count, the table's
 * sizes, and the terminal records by accepted sequence for eviction. It keeps no set of records
 * beside the client maps: a request's life costs no hash-table insert or delete beyond its own
 * key. Status changes go through {@link RequestTable.setStatus} so the counts follow.
 */
export class RequestTable {
  readonly #clients = new Map<ConsumerId, Map<ToolActorId, ClientRecords>>();
  readonly #terminal = new TerminalQueue(
    (record) => isTerminalRecord(record) && this.#holds(record),
  );
  #size = 0;
  #liveSize = 0;
  // The key order as of the last sorted() call, and what changed since: sorted() merges the
  // (few) added records into the kept ones instead of sorting the whole table on every snapshot.
  // Null when no order is kept, or after too many changes to be worth merging.
  #sorted: readonly RequestRecord[] | null = Object.freeze([]);
  #added: RequestRecord[] = [];
  readonly #removed = new Set<RequestRecord>();

  /** How many records (live and retained terminal) the table holds. */
  get size(): number {
    return this.#size;
  }

  /** How many records are live (not terminal). */
  get liveSize(): number {
    return this.#liveSize;
  }

  #client(key: CapabilityRequestKey): ClientRecords | undefined {
    return this.#clients.get(key.consumerId)?.get(key.actorId);
  }

  // Whether `record` itself (not just a record with its key) is in the table.
  #holds(record: RequestRecord): boolean {
    const { key } = record.request;
    return this.#client(key)?.records.get(key.localId) === record;
  }

  /** The record at exactly `key`, if any. */
  get(key: CapabilityRequestKey): RequestRecord | undefined {
    return this.#client(key)?.records.get(key.localId);
  }

  /** Inserts `record`, replacing any record with the same key. */
  set(record: RequestRecord): void {
    const { key } = record.request;
    let actors = this.#clients.get(key.consumerId);
    if (actors === undefined) {
      actors = new Map();
      this.#clients.set(key.consumerId, actors);
    }
    let client = actors.get(key.actorId);
    if (client === undefined) {
      client = { records: new Map(), live: 0 };
      actors.set(key.actorId, client);
    }
    const previous = client.records.get(key.localId);
    if (previous === record) return;
    client.records.set(key.localId, record);
    if (previous === undefined) this.#size += 1;
    else {
      this.#forget(client, previous);
      this.#changed(previous, 'removed');
    }
    this.#track(client, record);
    this.#changed(record, 'added');
  }

  /** Removes the record at `key`. */
  delete(key: CapabilityRequestKey): void {
    const client = this.#client(key);
    const record = client?.records.get(key.localId);
    if (client === undefined || record === undefined) return;
    client.records.delete(key.localId);
    this.#size -= 1;
    this.#forget(client, record);
    if (client.records.size === 0) {
      const actors = this.#clients.get(key.consumerId);
      actors?.delete(key.actorId);
      if (actors?.size === 0) this.#clients.delete(key.consumerId);
    }
    this.#changed(record, 'removed');
  }

  /**
   * Moves `record` (held by this table) to `status`, frozen; its snapshot is rebuilt the next
   * time someone asks for it.
   */
  setStatus(record: RequestRecord, status: CapabilityRequestStatus): void {
    const client = this.#client(record.request.key);
    if (client === undefined || client.records.get(record.request.key.localId) !== record) {
      record.status = deepFreeze(status);
      record.snapshot = null;
      return;
    }
    this.#forget(client, record);
    record.status = deepFreeze(status);
    record.snapshot = null;
    this.#track(client, record);
  }

  /** Every record in key order (cached until a record is added or removed). Shared: do not mutate. */
  sorted(): readonly RequestRecord[] {
    if (this.#sorted === null) {
      this.#sorted = Object.freeze(this.#records(() => true).sort(byKey));
    } else if (this.#added.length > 0 || this.#removed.size > 0) {
      // The change lists say what happened, the table what is: a record removed and set again
      // is held (kept, or added once), and one added and removed again is not.
      const kept = this.#sorted;
      const removed = new Set<RequestRecord>();
      for (const record of this.#removed) if (!this.#holds(record)) removed.add(record);
      const added = [...new Set(this.#added)]
        .filter((record) => this.#holds(record) && !isKept(kept, record))
        .sort(byKey);
      this.#sorted = Object.freeze(mergeByKey(kept, removed, added));
    }
    this.#added = [];
    this.#removed.clear();
    return this.#sorted;
  }

  /**
   * The live (non-terminal) records matching `predicate`, in key order. It visits every record:
   * the closing paths that call it (revocations, generation and instance changes, detaches)
   * run far less often than admission, and the table holds at most `TOOL_REQUESTS_MAX` records.
   */
  live(predicate: (record: RequestRecord) => boolean): RequestRecord[] {
    return this.#records((record) => !isTerminalRecord(record) && predicate(record)).sort(byKey);
  }

  // The records matching `predicate`, in no particular order.
  #records(predicate: (record: RequestRecord) => boolean): RequestRecord[] {
    const matches: RequestRecord[] = [];
    for (const actors of this.#clients.values()) {
      for (const client of actors.values()) {
        for (const record of client.records.values()) if (predicate(record)) matches.push(record);
      }
    }
    return matches;
  }

  /** How many live records the (consumer, actor) client has. */
  liveCount(consumerId: ConsumerId, actorId: ToolActorId): number {
    return this.#clients.get(consumerId)?.get(actorId)?.live ?? 0;
  }

  /** The terminal record with the smallest accepted sequence: the one eviction removes. */
  oldestTerminal(): RequestRecord | undefined {
    return this.#terminal.oldest();
  }

  #changed(record: RequestRecord, change: 'added' | 'removed'): void {
    if (this.#sorted === null) return;
    if (change === 'added') this.#added.push(record);
    else this.#removed.add(record);
    // Without snapshots the change lists would only grow: drop the kept order instead.
    if (this.#added.length + this.#removed.size > 2 * this.#size + 64) {
      this.#sorted = null;
      this.#added = [];
      this.#removed.clear();
    }
  }

  #track(client: ClientRecords, record: RequestRecord): void {
    if (isTerminalRecord(record)) this.#terminal.add(record);
    else {
      this.#liveSize += 1;
      client.live += 1;
    }
  }

  // Undoes #track's count for `record`. Callers drop the record from its client map first, so
  // the terminal queue's membership test already leaves it out (setStatus re-tracks it at once).
  #forget(client: ClientRecords, record: RequestRecord): void {
    if (isTerminalRecord(record)) this.#terminal.remove();
    else {
      this.#liveSize -= 1;
      client.live -= 1;
    }
  }
}
