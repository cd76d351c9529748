import { describe, expect, it, vi } from 'vitest';
import { SubscriberList } from '../../src/publish/subscriber-list.js';
import { BoundedQueue } from '../../src/queue/bounded-queue.js';
import { receiveIterator, receiveNext } from '../../src/queue/receive-async.js';

describe('awaitable receives', () => {
  it('resolves at once with an item already buffered', async () => {
    const queue = new BoundedQueue<number>(4);
    queue.trySend(7);
    await expect(receiveNext(queue)).resolves.toEqual({ done: false, value: 7 });
    expect(queue.length).toBe(0);
  });

  it('waits for the next send and hands each waiter a different item, in order', async () => {
    const queue = new BoundedQueue<string>(4);
    const first = receiveNext(queue);
    const second = receiveNext(queue);
    queue.trySend('a');
    queue.trySend('b');
    await expect(first).resolves.toEqual({ done: false, value: 'a' });
    await expect(second).resolves.toEqual({ done: false, value: 'b' });
  });

  it('ends with done once the sender closes and the buffer is drained', async () => {
    const queue = new BoundedQueue<number>(4);
    queue.trySend(1);
    queue.closeSender();
    await expect(receiveNext(queue)).resolves.toEqual({ done: false, value: 1 });
    await expect(receiveNext(queue)).resolves.toEqual({ done: true, value: undefined });
  });

  it('settles a pending wait with done when the sender closes', async () => {
    const queue = new BoundedQueue<number>(4);
    const pending = receiveNext(queue);
    queue.closeSender();
    await expect(pending).resolves.toEqual({ done: true, value: undefined });
  });

  it('rejects with the signal reason when aborted before the wait and takes nothing', async () => {
    const queue = new BoundedQueue<number>(4);
    queue.trySend(1);
    const controller = new AbortController();
    controller.abort();
    await expect(receiveNext(queue, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(queue.length).toBe(1);
  });

  it('rejects when aborted during the wait, and a later send stays in the queue', async () => {
    const queue = new BoundedQueue<number>(4);
    const controller = new AbortController();
    const pending = receiveNext(queue, { signal: controller.signal });
    const reason = new Error('caller gave up');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    queue.trySend(5);
    expect(queue.length).toBe(1);
  });

  it('leaves no timer behind while waiting', async () => {
    vi.useFakeTimers();
    try {
      const queue = new BoundedQueue<number>(4);
      const pending = receiveNext(queue);
      expect(vi.getTimerCount()).toBe(0);
      queue.trySend(3);
      await expect(pending).resolves.toEqual({ done: false, value: 3 });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('iterates in order and calls onReturn once when the loop is left early', async () => {
    const queue = new BoundedQueue<number>(8);
    for (const n of [1, 2, 3]) queue.trySend(n);
    const onReturn = vi.fn();
    const seen: number[] = [];
    for await (const n of receiveIterator(queue, { onReturn })) {
      seen.push(n);
      if (n === 2) break;
    }
    expect(seen).toEqual([1, 2]);
    expect(onReturn).toHaveBeenCalledTimes(1);
  });
});

describe('Subscription async forms', () => {
  it('delivers published items to for await in order and ends when the publisher lets go', async () => {
    const list = new SubscriberList<number>(4);
    const subscription = list.subscribe(8);
    const seen: number[] = [];
    const loop = (async () => {
      for await (const n of subscription) seen.push(n);
    })();
    list.publishMany([1, 2, 3]);
    list.clear();
    await loop;
    expect(seen).toEqual([1, 2, 3]);
  });

  it('closes the subscription when a for await loop breaks, so the publisher prunes it', async () => {
    const list = new SubscriberList<number>(4);
    const subscription = list.subscribe(8);
    list.publishOne(1);
    for await (const n of subscription) {
      expect(n).toBe(1);
      break;
    }
    expect(list.publishOne(2)).toEqual({
      delivered: 0,
      disconnectedSlow: 0,
      disconnectedClosed: 1,
    });
  });

  it('ends a pending iteration cleanly when the subscription is disposed', async () => {
    const list = new SubscriberList<number>(4);
    const subscription = list.subscribe(8);
    const pending = subscription.next();
    await subscription[Symbol.asyncDispose]();
    await expect(pending).resolves.toEqual({ done: true, value: undefined });
  });

  it('rejects a for await loop with the abort reason when its signal is aborted mid-wait', async () => {
    const list = new SubscriberList<number>(4);
    const subscription = list.subscribe(8);
    const controller = new AbortController();
    const loop = (async () => {
      for await (const _ of subscription.values({ signal: controller.signal })) {
        // nothing is published
      }
    })();
    controller.abort();
    await expect(loop).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reports a slow subscriber as done after what it already holds', async () => {
    const list = new SubscriberList<number>(4);
    const slow = list.subscribe(1);
    list.publishMany([1, 2]);
    await expect(slow.next()).resolves.toEqual({ done: false, value: 1 });
    await expect(slow.next()).resolves.toEqual({ done: true, value: undefined });
  });
});
