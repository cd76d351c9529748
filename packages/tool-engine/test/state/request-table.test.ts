import {
  CapabilityRequestId,
  type CapabilityRequestKey,
  type CapabilityRequestStatus,
  ConsumerId,
  compareCapabilityRequestKey,
  ToolActorId,
  ToolOperationId,
} from '@gate4agent/tool-protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_PAYLOAD,
  isTerminalRecord,
  type RequestRecord,
  requestSnapshotOf,
} from '../../src/state/request-record.js';
import { RequestTable } from '../../src/state/request-table.js';

const CONSUMERS = ['consumer-b', 'consumer-a'].map((id) => ConsumerId.of(id));
const ACTORS = ['actor-2', 'actor-1', 'actor-10'].map((id) => ToolActorId.of(id));
const DISPATCHED: CapabilityRequestStatus = {
  kind: 'dispatched',
  operationId: ToolOperationId.of(1),
};
const TIMED_OUT: CapabilityRequestStatus = {
  kind: 'timed-out',
  operationId: null,
  cancellation: 'not-required',
};

const FAILED = {
  kind: 'failed',
  operationId: ToolOperationId.of(1),
  failure: { kind: 'provider-contract-violation' },
} as CapabilityRequestStatus;

let nextSequence = 1;

/** A record with only what the table reads: its key, accepted sequence and status. */
function record(key: CapabilityRequestKey, status: CapabilityRequestStatus): RequestRecord {
  const acceptedSequence = nextSequence;
  nextSequence += 1;
  return {
    request: { key } as RequestRecord['request'],
    payload: EMPTY_PAYLOAD,
    acceptedSequence,
    acceptedAtTick: 0,
    approvalSummary: 'Summarise the page',
    payloadBytes: 0,
    policyDecision: { kind: 'allow' },
    status,
    subject: {} as RequestRecord['subject'],
    snapshot: null,
  };
}

const keyOf = (consumer: number, actor: number, localId: number): CapabilityRequestKey => ({
  consumerId: CONSUMERS[consumer] as ConsumerId,
  actorId: ACTORS[actor] as ToolActorId,
  localId: CapabilityRequestId.of(localId),
});

type Step =
  | {
      readonly t: 'set';
      readonly consumer: number;
      readonly actor: number;
      readonly localId: number;
      readonly live: boolean;
    }
  | { readonly t: 'delete'; readonly pick: number }
  | { readonly t: 'terminate'; readonly pick: number }
  | { readonly t: 'retire'; readonly pick: number }
  | { readonly t: 'reinsert'; readonly pick: number }
  | { readonly t: 'evict' }
  | { readonly t: 'sorted' };

const steps = fc.array(
  fc.oneof(
    fc.record({
      t: fc.constant('set' as const),
      consumer: fc.integer({ min: 0, max: 1 }),
      actor: fc.integer({ min: 0, max: 2 }),
      localId: fc.integer({ min: 1, max: 12 }),
      live: fc.boolean(),
    }),
    fc.record({ t: fc.constant('delete' as const), pick: fc.nat() }),
    fc.record({ t: fc.constant('terminate' as const), pick: fc.nat() }),
    fc.record({ t: fc.constant('retire' as const), pick: fc.nat() }),
    fc.record({ t: fc.constant('reinsert' as const), pick: fc.nat() }),
    fc.constant({ t: 'evict' as const }),
    fc.constant({ t: 'sorted' as const }),
  ),
  { maxLength: 120 },
);

/** Checks every index of the table against a plain list of its records. */
function expectConsistent(table: RequestTable, model: RequestRecord[]): void {
  const sorted = [...model].sort((a, b) =>
    compareCapabilityRequestKey(a.request.key, b.request.key),
  );
  expect(table.size).toBe(model.length);
  expect(table.sorted()).toEqual(sorted);
  const snapshots = table.snapshots();
  expect(snapshots).toHaveLength(sorted.length);
  expect(snapshots.every((one, index) => one === requestSnapshotOf(sorted[index]!))).toBe(true);
  expect(table.live(() => true)).toEqual(sorted.filter((r) => !isTerminalRecord(r)));
  for (const consumerId of CONSUMERS) {
    for (const actorId of ACTORS) {
      const live = model.filter(
        (r) =>
          r.request.key.consumerId === consumerId &&
          r.request.key.actorId === actorId &&
          !isTerminalRecord(r),
      );
      expect(table.liveCount(consumerId, actorId)).toBe(live.length);
    }
  }
  const terminal = model
    .filter(isTerminalRecord)
    .sort((a, b) => a.acceptedSequence - b.acceptedSequence);
  expect(table.oldestTerminal()).toBe(terminal[0]);
  for (const r of model) expect(table.get(r.request.key)).toBe(r);
}

describe('RequestTable', () => {
  it('keeps key order, live counts and the oldest terminal record through any change', () => {
    fc.assert(
      fc.property(steps, (stream: Step[]) => {
        const table = new RequestTable();
        let model: RequestRecord[] = [];
        for (const step of stream) {
          if (step.t === 'set') {
            const key = keyOf(step.consumer, step.actor, step.localId);
            const added = record(key, step.live ? DISPATCHED : TIMED_OUT);
            model = model.filter((r) => compareCapabilityRequestKey(r.request.key, key) !== 0);
            model.push(added);
            table.set(added);
          } else if (step.t === 'delete' && model.length > 0) {
            const target = model[step.pick % model.length] as RequestRecord;
            model = model.filter((r) => r !== target);
            table.delete(target.request.key);
          } else if (step.t === 'terminate') {
            const live = model.filter((r) => !isTerminalRecord(r));
            if (live.length > 0)
              table.setStatus(live[step.pick % live.length] as RequestRecord, TIMED_OUT);
          } else if (step.t === 'retire') {
            // A terminal record moved to another terminal status stays one eviction candidate.
            const terminal = model.filter(isTerminalRecord);
            if (terminal.length > 0)
              table.setStatus(terminal[step.pick % terminal.length] as RequestRecord, FAILED);
          } else if (step.t === 'reinsert' && model.length > 0) {
            // The same record object removed and set again is held (and evictable) once.
            const target = model[step.pick % model.length] as RequestRecord;
            table.delete(target.request.key);
            table.set(target);
          } else if (step.t === 'evict') {
            const oldest = table.oldestTerminal();
            if (oldest !== undefined) {
              model = model.filter((r) => r !== oldest);
              table.delete(oldest.request.key);
            }
          } else if (step.t === 'sorted') {
            table.sorted();
          }
        }
        expectConsistent(table, model);
      }),
      { numRuns: 500 },
    );
  });

  it('evicts in accepted-sequence order, not in the order records became terminal', () => {
    const table = new RequestTable();
    const records = [1, 2, 3, 4].map((localId) => record(keyOf(0, 0, localId), DISPATCHED));
    for (const r of records) table.set(r);
    expect(table.oldestTerminal()).toBeUndefined();
    for (const index of [3, 1, 2, 0]) table.setStatus(records[index] as RequestRecord, TIMED_OUT);
    const evicted: number[] = [];
    for (
      let oldest = table.oldestTerminal();
      oldest !== undefined;
      oldest = table.oldestTerminal()
    ) {
      evicted.push(oldest.request.key.localId);
      table.delete(oldest.request.key);
    }
    expect(evicted).toEqual([1, 2, 3, 4]);
    expect(table.size).toBe(0);
    expect(table.liveCount(CONSUMERS[0] as ConsumerId, ACTORS[0] as ToolActorId)).toBe(0);
  });

  it('builds a snapshot once per status: frozen, shared until the status moves', () => {
    const table = new RequestTable();
    const r = record(keyOf(1, 2, 9), DISPATCHED);
    table.set(r);
    const before = requestSnapshotOf(r);
    expect(requestSnapshotOf(r)).toBe(before);
    expect(before.status).toEqual(DISPATCHED);
    table.setStatus(r, FAILED);
    const after = requestSnapshotOf(r);
    expect(after).not.toBe(before);
    expect(before.status).toEqual(DISPATCHED);
    expect(after.status).toEqual(FAILED);
    expect(after.acceptedSequence).toBe(before.acceptedSequence);
    expect(after.approvalSummaryBytes).toBe(18);
    expect(Object.isFrozen(after)).toBe(true);
    expect(Object.isFrozen(after.status)).toBe(true);
    expect(requestSnapshotOf(r)).toBe(after);
    expect(table.live(() => true)).toEqual([]);
  });

  it('stays bounded and correct when sorted() is never called', () => {
    const table = new RequestTable();
    let model: RequestRecord[] = [];
    for (let localId = 1; localId <= 2_000; localId += 1) {
      const r = record(keyOf(localId % 2, localId % 3, localId), TIMED_OUT);
      table.set(r);
      model.push(r);
      if (table.size > 40) {
        const oldest = table.oldestTerminal() as RequestRecord;
        table.delete(oldest.request.key);
        model = model.filter((m) => m !== oldest);
      }
    }
    expectConsistent(table, model);
  });
});
