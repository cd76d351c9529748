import { TOOL_AUDIT_EVENTS_MAX } from '@gate4agent/tool-protocol';
import { unwrap } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { configured, generation, instance } from '../engine/engine-fixtures.js';

describe('emitAudit', () => {
  it('keeps the newest TOOL_AUDIT_EVENTS_MAX events and counts every evicted one', () => {
    const engine = configured(null);
    const start = engine.snapshot().auditEvents.length;
    const extra = 5;
    for (let index = 0; index < TOOL_AUDIT_EVENTS_MAX - start + extra; index += 1) {
      unwrap(
        engine.setInstanceState(instance(), generation(1), index % 2 === 0 ? 'inactive' : 'active'),
      );
    }
    const snapshot = engine.snapshot();
    expect(snapshot.auditEvents).toHaveLength(TOOL_AUDIT_EVENTS_MAX);
    expect(snapshot.droppedAuditEvents).toBe(extra);
    expect(snapshot.auditEvents[0]?.sequence).toBe(extra + 1);
    expect(snapshot.auditEvents.at(-1)?.sequence).toBe(TOOL_AUDIT_EVENTS_MAX + extra);
    // Oldest first across the ring's wrap point.
    expect(snapshot.auditEvents.map((event) => event.sequence)).toEqual(
      Array.from({ length: TOOL_AUDIT_EVENTS_MAX }, (_, index) => extra + 1 + index),
    );
  });
});
