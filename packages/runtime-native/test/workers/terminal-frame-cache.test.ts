import type { ObservationEnvelope } from '@gate4agent/types';
import {
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  ObservationEnvelopeCodec,
  SessionGeneration,
} from '@gate4agent/types';
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

function frame(instance: number, contents: string): ObservationEnvelope {
  return Object.freeze({
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId: null,
    instanceId: AgentInstanceId.of(instance),
    generation: SessionGeneration.of(1),
    observation: Object.freeze({
      kind: 'terminal-frame' as const,
      frame: Object.freeze({
        sequence: 3,
        size: Object.freeze({ rows: 2, columns: 10 }),
        cursorRow: 0,
        cursorColumn: 2,
        contents,
        formatted: new TextEncoder().encode(contents),
        scrollbackFormatted: Object.freeze([new Uint8Array([0x61])]) as Uint8Array[],
        alternateScreen: false,
        mouseProtocolEnabled: false,
        mouseProtocolEncoding: 'default' as const,
      }),
      operatorGate: null,
    }),
  });
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

  it('hands a frame off to the kernel step check, which then neither copies nor re-checks it', () => {
    const cache = new TerminalFrameCache(() => {});
    cache.insert(frame(1, 'ok>'));
    const [taken] = cache.take(1);
    const checked = ObservationEnvelopeCodec.checkValue(taken);
    expect(checked.ok && checked.value).toBe(taken);
    // Handed off once: a second check checks, and copies, again.
    const again = ObservationEnvelopeCodec.checkValue(taken);
    expect(again.ok && again.value).not.toBe(taken);
    expect(again.ok && again.value).toEqual(taken);
  });

  it('does not hand off a frame whose text is ill-formed, so the check still refuses it', () => {
    const cache = new TerminalFrameCache(() => {});
    cache.insert(frame(1, 'bad \ud800>'));
    const [taken] = cache.take(1);
    const checked = ObservationEnvelopeCodec.checkValue(taken);
    expect(checked.ok).toBe(false);
  });
});
