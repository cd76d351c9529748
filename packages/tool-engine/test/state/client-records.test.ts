import {
  CapabilityRequestId,
  type CapabilityRequestKey,
  ConsumerId,
  ToolActorId,
} from '@gate4agent/tool-protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClientRecords } from '../../src/state/client-records.js';
import type { RequestRecord } from '../../src/state/request-record.js';

const consumerId = ConsumerId.of('consumer-a');
const actorId = ToolActorId.of('actor-1');

/** A record with only what the order reads: its key. */
function record(localId: number): RequestRecord {
  const key: CapabilityRequestKey = {
    consumerId,
    actorId,
    localId: CapabilityRequestId.of(localId),
  };
  return { request: { key } } as RequestRecord;
}

describe('ClientRecords', () => {
  it('keeps its records in ascending local id through inserts, replacements and removals', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 20 }), fc.boolean()), { maxLength: 80 }),
        (steps) => {
          const client = new ClientRecords(consumerId, actorId);
          const model = new Map<number, RequestRecord>();
          for (const [localId, remove] of steps) {
            const held = model.get(localId);
            if (remove) {
              if (held === undefined) continue;
              client.remove(held);
              model.delete(localId);
            } else {
              const next = record(localId);
              if (held === undefined) client.insert(next);
              else client.replace(held, next);
              model.set(localId, next);
            }
            const expected = [...model.entries()].sort(([a], [b]) => a - b).map(([, r]) => r);
            expect(client.ordered).toEqual(expected);
            expect(client.ordered.every((r, index) => r === expected[index])).toBe(true);
          }
        },
      ),
    );
  });

  it('appends growing local ids and drops the oldest from the front', () => {
    const client = new ClientRecords(consumerId, actorId);
    const records = [1, 2, 3, 4].map(record);
    for (const one of records) client.insert(one);
    client.remove(records[0] as RequestRecord);
    client.remove(records[3] as RequestRecord);
    expect(client.ordered).toEqual([records[1], records[2]]);
  });

  it('throws a broken invariant for a record it does not hold', () => {
    const client = new ClientRecords(consumerId, actorId);
    client.insert(record(1));
    client.insert(record(3));
    client.insert(record(5));
    expect(() => client.remove(record(3))).toThrow(/missing from its key order/);
  });
});
