import {
  type CapabilityRequestKey,
  type CapabilityRequestSnapshot,
  type CapabilityRequestStatus,
  type ConsumerId,
  compareIds,
  type ToolActorId,
} from '@gate4agent/tool-protocol';
import { deepFreeze } from '@gate4agent/types';
import { ClientRecords } from './client-records.js';
import { isTerminalRecord, type RequestRecord, requestSnapshotOf } from './request-record.js';
import { TerminalQueue } from './terminal-queue.js';

// The key order of clients: consumer id, then actor id.
function byClient(left: ClientRecords, right: ClientRecords): number {
  return compareIds(left.consumerId, right.consumerId) || compareIds(left.actorId, right.actorId);
}

/**
 * The request records by exact key. Upstream keeps a `BTreeMap`; {@link RequestTable.sorted}
 * gives that order, and every "collect the targets, then close them" loop goes through
 * {@link RequestTable.live}. Admission runs on every request, so the table keeps what it asks
 * for ready: records by client (no composite string key), each client's live count, the table's
 * sizes, each client's records in local-id order (so {@link RequestTable.sorted} only lists
 * the clients' orders one after another, comparing no keys), and the terminal records by
 * accepted sequence for eviction. It keeps no set of records beside the client maps: a request's
 * life costs no hash-table insert or delete beyond its own key. Status changes go through {@link RequestTable.setStatus} so the counts follow.
 */
export class RequestTable {
  readonly #clients = new Map<ConsumerId, Map<ToolActorId, ClientRecords>>();
  // The clients in key order (null after a client came or went), and the whole table in key
  // order (null after a record came or went): each client keeps its own records in order, so
  // the table's order is the clients' lists one after another.
  #clientOrder: readonly ClientRecords[] | null = null;
  #sorted: readonly RequestRecord[] | null = null;
  readonly #terminal = new TerminalQueue(
    (record) => isTerminalRecord(record) && this.#holds(record),
  );
  #size = 0;
  #liveSize = 0;

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
      client = new ClientRecords(key.consumerId, key.actorId);
      actors.set(key.actorId, client);
      this.#clientOrder = null;
    }
    const previous = client.records.get(key.localId);
    if (previous === record) return;
    client.records.set(key.localId, record);
    if (previous === undefined) {
      this.#size += 1;
      client.insert(record);
    } else {
      this.#forget(client, previous);
      client.replace(previous, record);
    }
    this.#track(client, record);
    this.#sorted = null;
  }

  /** Removes the record at `key`. */
  delete(key: CapabilityRequestKey): void {
    const client = this.#client(key);
    const record = client?.records.get(key.localId);
    if (client === undefined || record === undefined) return;
    client.records.delete(key.localId);
    this.#size -= 1;
    this.#forget(client, record);
    client.remove(record);
    if (client.records.size === 0) {
      const actors = this.#clients.get(key.consumerId);
      actors?.delete(key.actorId);
      if (actors?.size === 0) this.#clients.delete(key.consumerId);
      this.#clientOrder = null;
    }
    this.#sorted = null;
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
    if (this.#sorted !== null) return this.#sorted;
    const merged: RequestRecord[] = [];
    for (const client of this.#clientsInOrder()) {
      const ordered = client.ordered;
      for (let index = 0; index < ordered.length; index += 1) {
        merged.push(ordered[index] as RequestRecord);
      }
    }
    this.#sorted = Object.freeze(merged);
    return this.#sorted;
  }

  /** Every record's frozen snapshot ({@link requestSnapshotOf}) in key order, as a new array. */
  snapshots(): CapabilityRequestSnapshot[] {
    const snapshots: CapabilityRequestSnapshot[] = [];
    for (const client of this.#clientsInOrder()) {
      const ordered = client.ordered;
      for (let index = 0; index < ordered.length; index += 1) {
        snapshots.push(requestSnapshotOf(ordered[index] as RequestRecord));
      }
    }
    return snapshots;
  }

  #clientsInOrder(): readonly ClientRecords[] {
    if (this.#clientOrder === null) {
      const clients: ClientRecords[] = [];
      for (const actors of this.#clients.values()) clients.push(...actors.values());
      this.#clientOrder = clients.sort(byClient);
    }
    return this.#clientOrder;
  }

  /**
   * The live (non-terminal) records matching `predicate`, in key order. It visits every record:
   * the closing paths that call it (revocations, generation and instance changes, detaches)
   * run far less often than admission, and the table holds at most `TOOL_REQUESTS_MAX` records.
   */
  live(predicate: (record: RequestRecord) => boolean): RequestRecord[] {
    const matches: RequestRecord[] = [];
    for (const client of this.#clientsInOrder()) {
      for (const record of client.ordered) {
        if (!isTerminalRecord(record) && predicate(record)) matches.push(record);
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
