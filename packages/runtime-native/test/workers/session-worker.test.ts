import { AgentRegistry } from '@gate4agent/agent-catalog';
import type { EffectEnvelope } from '@gate4agent/types';
import {
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  OperationId,
  SessionGeneration,
} from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { ObservationChannel } from '../../src/workers/observation-channel.js';
import { SessionWorker } from '../../src/workers/session-worker.js';
import { TerminalFrameCache } from '../../src/workers/terminal-frame-cache.js';
import { sleep } from '../runtime/support/fixtures.js';

function stopEffect(operation: number): EffectEnvelope {
  return {
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId: OperationId.of(operation),
    instanceId: AgentInstanceId.of(5),
    generation: SessionGeneration.of(1),
    effect: { kind: 'stop', force: false },
  };
}

describe('SessionWorker', () => {
  it('runs effects in order, reports each completion, and ends after the idle timeout', async () => {
    const channel = new ObservationChannel(8, () => {});
    const worker = new SessionWorker(
      {
        catalog: AgentRegistry.empty(),
        channel,
        frames: new TerminalFrameCache(() => {}),
        activeSessions: { value: 0 },
        pollIntervalMs: 5,
        idleTimeoutMs: 30,
        ptyStopGraceMs: 2_000,
        now: () => performance.now(),
        onWorkerError: () => {},
      },
      4,
    );
    expect(worker.trySend({ effect: stopEffect(1), overlay: { env: [], extraArgs: [] } })).toBe(
      'ok',
    );
    expect(worker.trySend({ effect: stopEffect(2), overlay: { env: [], extraArgs: [] } })).toBe(
      'ok',
    );
    const deadline = performance.now() + 15_000;
    while (!worker.closed && performance.now() < deadline) await sleep(5);
    expect(worker.closed).toBe(true);
    expect(channel.tryRecv()?.operationId).toBe(OperationId.of(1));
    expect(channel.tryRecv()?.operationId).toBe(OperationId.of(2));
    expect(worker.trySend({ effect: stopEffect(3), overlay: { env: [], extraArgs: [] } })).toBe(
      'closed',
    );
    await worker.dispose();
  });

  it('contains an effect that throws: the effect fails, the error is reported, the worker goes on', async () => {
    const channel = new ObservationChannel(8, () => {});
    const reported: [number, unknown][] = [];
    const worker = new SessionWorker(
      {
        catalog: AgentRegistry.empty(),
        channel,
        frames: new TerminalFrameCache(() => {}),
        activeSessions: { value: 0 },
        pollIntervalMs: 5,
        idleTimeoutMs: 30,
        ptyStopGraceMs: 2_000,
        now: () => performance.now(),
        onWorkerError: (instanceId, error) => reported.push([instanceId, error]),
      },
      4,
      5,
    );
    // An envelope whose protocol version cannot even be read makes the shell throw.
    const broken = Object.defineProperty({ ...stopEffect(1) }, 'protocolVersion', {
      get() {
        throw new Error('unreadable envelope');
      },
    }) as EffectEnvelope;
    expect(worker.trySend({ effect: broken, overlay: { env: [], extraArgs: [] } })).toBe('ok');
    expect(worker.trySend({ effect: stopEffect(2), overlay: { env: [], extraArgs: [] } })).toBe(
      'ok',
    );
    const deadline = performance.now() + 15_000;
    while (channel.length < 2 && performance.now() < deadline) await sleep(5);
    const failed = channel.tryRecv();
    expect(failed?.operationId).toBe(OperationId.of(1));
    expect(failed?.observation).toEqual({
      kind: 'stop-failed',
      message: 'the native effect threw: unreadable envelope',
    });
    expect(channel.tryRecv()?.operationId).toBe(OperationId.of(2));
    expect(reported).toHaveLength(1);
    expect(reported[0]?.[0]).toBe(5);
    await worker.dispose();
  });
});
