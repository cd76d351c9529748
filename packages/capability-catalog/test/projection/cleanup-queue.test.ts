import { err, ok } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { type CapabilityEffect, CleanupQueue, capabilityEffectError } from '../../src/index.js';

function recording(log: string[], name: string, fail = false): CapabilityEffect {
  return {
    name,
    async close() {
      log.push(name);
      return fail ? err(capabilityEffectError('boom')) : ok();
    },
  };
}

describe('CleanupQueue', () => {
  it('drains batches in FIFO order and each batch in reverse order', async () => {
    const log: string[] = [];
    const queue = new CleanupQueue();
    queue.enqueue('rollback', [recording(log, 'a1'), recording(log, 'a2')]);
    queue.enqueue('retired', [recording(log, 'b1'), recording(log, 'b2', true)]);
    queue.enqueue('rollback', []);
    expect(queue.pending).toBe(2);
    const report = await queue.drain();
    expect(log).toEqual(['a2', 'a1', 'b2', 'b1']);
    expect(report).toEqual({
      rollbackBatches: 1,
      retiredBatches: 1,
      effectsClosed: 3,
      effectsFailed: 1,
      effectsTimedOut: 0,
      isClean: false,
    });
    expect(queue.pending).toBe(0);
    expect((await queue.drain()).effectsClosed).toBe(0);
  });

  it('counts a thrown close as failed and a close past the deadline as timed out', async () => {
    const log: string[] = [];
    // A manual clock: the hanging effect moves it to the deadline, so no real time is involved.
    let now = 0;
    const queue = new CleanupQueue(() => now);
    const hanging: CapabilityEffect = {
      name: 'hang',
      close: () => {
        now = 20;
        return new Promise(() => {});
      },
    };
    const throwing: CapabilityEffect = {
      name: 'throw',
      close: async () => {
        throw new Error('thrown');
      },
    };
    queue.enqueue('rollback', [recording(log, 'never'), hanging, throwing]);
    const report = await queue.drain({ timeoutMs: 20 });
    expect(report).toMatchObject({
      effectsFailed: 1,
      effectsTimedOut: 2,
      effectsClosed: 0,
      isClean: false,
    });
    expect(log).toEqual([]);
  });
});
