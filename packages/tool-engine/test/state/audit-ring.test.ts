import type { ToolAuditEvent } from '@gate4agent/tool-protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AuditRing } from '../../src/state/audit-ring.js';

const event = (sequence: number) => ({ sequence }) as unknown as ToolAuditEvent;

describe('AuditRing', () => {
  it('holds the newest events, oldest first, through any number of pushes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.nat({ max: 60 }), (capacity, pushes) => {
        const ring = new AuditRing(capacity);
        const model: ToolAuditEvent[] = [];
        for (let sequence = 1; sequence <= pushes; sequence += 1) {
          expect(ring.full).toBe(model.length === capacity);
          const next = event(sequence);
          ring.push(next);
          model.push(next);
          if (model.length > capacity) model.shift();
          expect(ring.length).toBe(model.length);
          const listed = ring.toArray();
          expect(listed).toHaveLength(model.length);
          expect(listed.every((one, index) => one === model[index])).toBe(true);
        }
      }),
    );
  });

  it('returns a new array each time, which the ring does not change later', () => {
    const ring = new AuditRing(2);
    ring.push(event(1));
    ring.push(event(2));
    const first = ring.toArray();
    ring.push(event(3));
    ring.push(event(4));
    ring.push(event(5));
    expect(first.map((one) => one.sequence)).toEqual([1, 2]);
    expect(ring.toArray().map((one) => one.sequence)).toEqual([4, 5]);
    expect(ring.toArray()).not.toBe(ring.toArray());
  });
});
