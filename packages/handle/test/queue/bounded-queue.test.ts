import { err, ok } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { TryRecvError } from '../../src/provider-runtime/contract/try-recv-error.js';
import { BoundedQueue } from '../../src/queue/bounded-queue.js';
import { TrySendError } from '../../src/queue/try-send-error.js';

describe('BoundedQueue', () => {
  it('accepts exactly its capacity and refuses the next item without enqueueing it', () => {
    const queue = new BoundedQueue<number>(3);
    expect([queue.trySend(1), queue.trySend(2), queue.trySend(3)]).toEqual([ok(), ok(), ok()]);
    expect(queue.trySend(4)).toEqual(err(TrySendError.full()));
    expect(queue.length).toBe(3);
    expect(queue.drain(10)).toEqual([1, 2, 3]);
    expect(queue.tryRecv()).toEqual(err(TryRecvError.empty()));
  });

  it('is FIFO across wrap-around and never holds more than its capacity', () => {
    // A fixed pseudo-random schedule of sends and receives checked against an array model.
    let seed = 7;
    const nextBit = (): boolean => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % 3 !== 0;
    };
    const mismatches: string[] = [];
    for (const capacity of [1, 2, 3, 5, 8]) {
      const queue = new BoundedQueue<number>(capacity);
      const model: number[] = [];
      let next = 0;
      for (let step = 0; step < 400; step += 1) {
        if (nextBit()) {
          const sent = queue.trySend(next);
          const expectFull = model.length >= capacity;
          if (sent.ok === expectFull) mismatches.push(`send ${next} at capacity ${capacity}`);
          if (!expectFull) model.push(next);
          next += 1;
        } else {
          const expected = model.shift();
          const received = queue.tryRecv();
          const got = received.ok ? received.value : received.error.kind;
          if (got !== (expected ?? 'empty')) mismatches.push(`recv ${String(got)} at step ${step}`);
        }
        if (queue.length !== model.length || queue.length > capacity) {
          mismatches.push(`length ${queue.length} at step ${step}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('lets the reader drain what was buffered after the sender closed, then reports disconnected', () => {
    const queue = new BoundedQueue<string>(2);
    queue.trySend('a');
    queue.closeSender();
    expect(queue.trySend('b')).toEqual(err(TrySendError.disconnected()));
    expect(queue.tryRecv()).toEqual(ok('a'));
    expect(queue.tryRecv()).toEqual(err(TryRecvError.disconnected()));
  });

  it('refuses every send once the receiver closed and discards the buffer', () => {
    const queue = new BoundedQueue<string>(2);
    queue.trySend('a');
    queue.closeReceiver();
    expect(queue.trySend('b')).toEqual(err(TrySendError.disconnected()));
    expect(queue.length).toBe(0);
    expect(queue.tryRecv()).toEqual(err(TryRecvError.disconnected()));
  });

  it('drains at most the limit and stops at the first empty receive', () => {
    const queue = new BoundedQueue<number>(4);
    for (const item of [1, 2, 3]) queue.trySend(item);
    expect(queue.drain(2)).toEqual([1, 2]);
    expect(queue.drain(0)).toEqual([]);
    expect(queue.drain(5)).toEqual([3]);
  });
});
