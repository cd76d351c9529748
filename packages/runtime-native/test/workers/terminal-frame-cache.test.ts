import type { ObservationEnvelope } from '@gate4agent/types';
import { AgentInstanceId, CONTROL_PROTOCOL_VERSION, SessionGeneration } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { TerminalFrameCache } from '../../src/workers/terminal-frame-cache.js';

function stale(instance: number, generation: number, message: string): ObservationEnvelope {
  return {
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId: null,
    instanceId: AgentInstanceId.of(instance),
    generation: SessionGeneration.of(generation),
    observation: { kind: 'terminal-stale', message },
  };
}

const keyOf = (observation: ObservationEnvelope) => [
  observation.instanceId,
  observation.generation,
];

describe('TerminalFrameCache', () => {
  it('keeps only the latest frame per session and yields them in key order', () => {
    const cache = new TerminalFrameCache(() => {});
    cache.insert(stale(20, 1, 'old'));
    cache.insert(stale(3, 2, 'a'));
    cache.insert(stale(3, 1, 'b'));
    cache.insert(stale(20, 1, 'new'));
    expect(cache.size).toBe(3);
    const first = cache.take(2);
    expect(first.map(keyOf)).toEqual([
      [3, 1],
      [3, 2],
    ]);
    const rest = cache.take(5);
    expect(rest).toHaveLength(1);
    expect(rest[0]!.observation).toEqual({ kind: 'terminal-stale', message: 'new' });
    expect(cache.take(5)).toEqual([]);
  });

  it('forgets a closed session and takes nothing with no budget', () => {
    const cache = new TerminalFrameCache(() => {});
    cache.insert(stale(1, 1, 'x'));
    expect(cache.take(0)).toEqual([]);
    cache.remove({ instanceId: AgentInstanceId.of(1), generation: SessionGeneration.of(1) });
    expect(cache.size).toBe(0);
  });
});
