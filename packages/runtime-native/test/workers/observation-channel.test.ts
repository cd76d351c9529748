import type { ObservationEnvelope } from '@gate4agent/types';
import { AgentInstanceId, CONTROL_PROTOCOL_VERSION, SessionGeneration } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { ObservationChannel } from '../../src/workers/observation-channel.js';

function frame(instance: number, generation = 1): ObservationEnvelope {
  return {
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId: null,
    instanceId: AgentInstanceId.of(instance),
    generation: SessionGeneration.of(generation),
    observation: { kind: 'terminal-stale', message: `stale ${instance}` },
  };
}

describe('ObservationChannel', () => {
  it('makes a sender wait while full instead of dropping, then delivers in order', async () => {
    let arrivals = 0;
    const channel = new ObservationChannel(1, () => {
      arrivals += 1;
    });
    expect(await channel.send(frame(1))).toBe(true);
    let secondSent = false;
    const second = channel.send(frame(2)).then((sent) => {
      secondSent = sent;
    });
    await Promise.resolve();
    expect(secondSent).toBe(false);
    expect(channel.length).toBe(1);
    expect(channel.tryRecv()?.instanceId).toBe(AgentInstanceId.of(1));
    await second;
    expect(secondSent).toBe(true);
    expect(channel.tryRecv()?.instanceId).toBe(AgentInstanceId.of(2));
    expect(channel.tryRecv()).toBeUndefined();
    expect(arrivals).toBe(2);
  });

  it('releases waiting senders with false once closed', async () => {
    const channel = new ObservationChannel(0, () => {});
    expect(channel.capacity).toBe(1);
    await channel.send(frame(1));
    const waiting = channel.send(frame(2));
    channel.close();
    expect(await waiting).toBe(false);
    expect(await channel.send(frame(3))).toBe(false);
    expect(channel.length).toBe(0);
  });
});
