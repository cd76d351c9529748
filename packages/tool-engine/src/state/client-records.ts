import type { ConsumerId, ToolActorId } from '@gate4agent/tool-protocol';
import { Gate4AgentError } from '@gate4agent/types';
import type { RequestRecord } from './request-record.js';

/** The first index of `ordered` whose record's local id is not below `localId`. */
function lowerBound(ordered: readonly RequestRecord[], localId: number): number {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ordered[middle] as RequestRecord).request.key.localId < localId) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * One (consumer, actor) client's records: by local id for lookups, and as a list in local-id
 * order for snapshots, kept in order as records come and go. Requests usually arrive with
 * growing local ids and leave oldest first, so an insert is a push and a removal a shift;
 * anything else is a binary search on the numeric local id (the client's ids are equal, so no
 * string is compared).
 *
 * @internal
 */
export class ClientRecords {
  /** The client's consumer id. */
  readonly consumerId: ConsumerId;
  /** The client's actor id. */
  readonly actorId: ToolActorId;
  /** The records by local id. */
  readonly records = new Map<number, RequestRecord>();
  /** How many of the records are live. */
  live = 0;
  readonly #ordered: RequestRecord[] = [];

  /** An empty client. */
  constructor(consumerId: ConsumerId, actorId: ToolActorId) {
    this.consumerId = consumerId;
    this.actorId = actorId;
  }

  /** The records in ascending local id. Shared: do not mutate. */
  get ordered(): readonly RequestRecord[] {
    return this.#ordered;
  }

  /** Adds `record` to the order; no record with its local id is in it. */
  insert(record: RequestRecord): void {
    const ordered = this.#ordered;
    const localId = record.request.key.localId;
    const last = ordered[ordered.length - 1];
    if (last === undefined || last.request.key.localId < localId) ordered.push(record);
    else ordered.splice(lowerBound(ordered, localId), 0, record);
  }

  /** Puts `record` in the place of `previous`, which has the same local id. */
  replace(previous: RequestRecord, record: RequestRecord): void {
    const ordered = this.#ordered;
    ordered[this.#indexOf(previous)] = record;
  }

  /** Removes `record` from the order. */
  remove(record: RequestRecord): void {
    const ordered = this.#ordered;
    if (ordered[0] === record) ordered.shift();
    else if (ordered[ordered.length - 1] === record) ordered.pop();
    else ordered.splice(this.#indexOf(record), 1);
  }

  #indexOf(record: RequestRecord): number {
    const index = lowerBound(this.#ordered, record.request.key.localId);
    if (this.#ordered[index] !== record) {
      throw new Gate4AgentError(
        'broken-invariant',
        'a client record is missing from its key order',
      );
    }
    return index;
  }
}
