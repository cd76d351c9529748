import { describe, expect, it } from 'vitest';
import {
  CapabilityRequestId,
  CapabilityRequestKey,
  ConsumerId,
  compareCapabilityRequestKey,
  ToolActorId,
} from '../../src/index.js';

const key = (consumer: string, actor: string, local: number): CapabilityRequestKey => ({
  consumerId: ConsumerId.of(consumer),
  actorId: ToolActorId.of(actor),
  localId: CapabilityRequestId.of(local),
});

describe('compareCapabilityRequestKey', () => {
  it('orders by consumer, then actor, then local id', () => {
    expect(compareCapabilityRequestKey(key('c', 'a', 1), key('c', 'a', 1))).toBe(0);
    expect(compareCapabilityRequestKey(key('a', 'z', 99), key('b', 'a', 1))).toBe(-1);
    expect(compareCapabilityRequestKey(key('c', 'a', 99), key('c', 'b', 1))).toBe(-1);
    expect(compareCapabilityRequestKey(key('c', 'a', 2), key('c', 'a', 10))).toBe(-1);
    expect(compareCapabilityRequestKey(key('c', 'a', 10), key('c', 'a', 2))).toBe(1);
    expect(CapabilityRequestKey.compare).toBe(compareCapabilityRequestKey);
  });

  it('sorts the reference E2E clients the way Rust iterates them', () => {
    const keys = [
      key('gate4agent-client-2', 'agent.cancel-pressure-1', 1000),
      key('gate4agent-client-10', 'agent.cancel-pressure-2', 5),
      key('gate4agent-client-2', 'agent.cancel-pressure-0', 1031),
      key('gate4agent-client-2', 'agent.cancel-pressure-0', 1002),
    ];
    expect([...keys].sort(compareCapabilityRequestKey)).toEqual([
      keys[1],
      keys[3],
      keys[2],
      keys[0],
    ]);
  });

  it('gives equal map keys only to equal request keys', () => {
    expect(CapabilityRequestKey.mapKey(key('c', 'a', 1))).toBe(
      CapabilityRequestKey.mapKey(key('c', 'a', 1)),
    );
    expect(CapabilityRequestKey.mapKey(key('c', 'a', 1))).not.toBe(
      CapabilityRequestKey.mapKey(key('c', 'a', 2)),
    );
  });
});
