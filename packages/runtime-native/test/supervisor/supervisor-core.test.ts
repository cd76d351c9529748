import { describe, expect, it } from 'vitest';
import {
  MAX_PROVIDER_SUPERVISOR_EVENTS,
  MAX_PROVIDER_SUPERVISOR_OPERATIONS,
  MAX_PROVIDER_SUPERVISOR_TOMBSTONES,
  MAX_PROVIDER_SUPERVISOR_WORK_PER_TICK,
} from '../../src/constants.js';
import { EXIT_OK } from './support/fake-executor.js';
import { faultKinds, harness } from './support/setup.js';

function tickUntilIdle(h: ReturnType<typeof harness>): void {
  while (h.port.work.length > 0) h.supervisor.tick();
}

describe('supervisor limits', () => {
  it('the limits keep their upstream values', () => {
    expect(MAX_PROVIDER_SUPERVISOR_TOMBSTONES).toBe(MAX_PROVIDER_SUPERVISOR_OPERATIONS * 2);
    expect([MAX_PROVIDER_SUPERVISOR_EVENTS, MAX_PROVIDER_SUPERVISOR_OPERATIONS]).toEqual([
      1_024, 1_024,
    ]);
  });

  it('the tombstone after the last one that fits blocks detach', () => {
    const h = harness();
    h.port.cancel(1_000_000);
    h.supervisor.tick();
    expect(faultKinds(h.supervisor)).toEqual(['unknown-cancellation']);
    // Faulted: every new invocation is tombstoned without starting.
    for (let id = 1; id <= MAX_PROVIDER_SUPERVISOR_TOMBSTONES; id += 1) h.port.invoke(id);
    tickUntilIdle(h);
    expect(h.supervisor.drainFaults(8)).toEqual([]);
    h.port.invoke(MAX_PROVIDER_SUPERVISOR_TOMBSTONES + 1);
    h.supervisor.tick();
    expect(h.supervisor.drainFaults(8)).toMatchObject([
      {
        kind: { kind: 'tombstone-capacity-exceeded' },
        blocksDetach: true,
        operation: { operationId: MAX_PROVIDER_SUPERVISOR_TOMBSTONES + 1 },
      },
    ]);
    expect(h.executor.starts).toBe(0);
  });

  it('faults past the buffer are counted and reported first as one overflow', () => {
    const h = harness();
    const total = MAX_PROVIDER_SUPERVISOR_EVENTS + MAX_PROVIDER_SUPERVISOR_WORK_PER_TICK;
    for (let id = 1; id <= total; id += 1) h.port.cancel(id);
    tickUntilIdle(h);
    const dropped = total - MAX_PROVIDER_SUPERVISOR_EVENTS;
    expect(h.supervisor.snapshot()).toMatchObject({
      bufferedFaults: MAX_PROVIDER_SUPERVISOR_EVENTS + 1,
      droppedFaults: dropped,
    });
    const first = h.supervisor.drainFaults(2);
    expect(first).toEqual([
      {
        providerId: 'gate.browser.physical-e2e',
        bindingId: 1,
        operation: null,
        kind: { kind: 'fault-buffer-overflow', dropped },
        executorErrorCode: null,
        blocksDetach: false,
      },
      expect.objectContaining({
        kind: { kind: 'unknown-cancellation' },
        operation: expect.objectContaining({ operationId: 1 }),
      }),
    ]);
    expect(h.supervisor.snapshot()).toMatchObject({
      bufferedFaults: MAX_PROVIDER_SUPERVISOR_EVENTS - 1,
      droppedFaults: 0,
    });
    expect(h.supervisor.drainFaults(2_048)).toHaveLength(MAX_PROVIDER_SUPERVISOR_EVENTS - 1);
  });

  it('a full ack buffer holds the next exit until acks are drained', () => {
    const h = harness({ capacity: 1_024 });
    const fill = MAX_PROVIDER_SUPERVISOR_EVENTS;
    for (let id = 1; id <= fill; id += 1) h.port.invoke(id);
    tickUntilIdle(h);
    for (let id = 1; id <= fill; id += 1) {
      h.executor.op(id).exit = EXIT_OK;
      h.executor.op(id).poll = { kind: 'closed' };
    }
    h.supervisor.tick();
    expect(h.supervisor.snapshot().bufferedExitAcks).toBe(fill);
    h.supervisor.tick();
    for (let id = 1; id <= fill; id += 1) h.port.receipt(id, { kind: 'applied' });
    while (h.supervisor.snapshot().operations.length > 0) h.supervisor.tick();
    h.supervisor.drainFaults(2_048);

    h.port.invoke(fill + 1);
    h.supervisor.tick();
    h.executor.op(fill + 1).exit = EXIT_OK;
    expect(h.supervisor.tick().physicalExitAcks).toBe(0);
    expect(h.supervisor.snapshot()).toMatchObject({
      exitAckBackpressured: true,
      bufferedExitAcks: fill,
    });
    expect(h.supervisor.drainExitAcks(1)[0]!.operation.operationId).toBe(1);
    expect(h.supervisor.tick().physicalExitAcks).toBe(1);
    expect(h.supervisor.snapshot().exitAckBackpressured).toBe(false);
    const acks = h.supervisor.drainExitAcks(2_048);
    expect(acks).toHaveLength(fill);
    expect(acks.at(-1)!.operation.operationId).toBe(fill + 1);
  });
});
