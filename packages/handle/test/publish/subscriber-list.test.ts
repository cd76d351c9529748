import { err, ok } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { MAX_SUBSCRIPTION_CAPACITY } from '../../src/constants.js';
import { TryRecvError } from '../../src/provider-runtime/contract/try-recv-error.js';
import { SubscriberList } from '../../src/publish/subscriber-list.js';

describe('SubscriberList', () => {
  it('delivers every item in order to every subscriber', () => {
    const list = new SubscriberList<number>(4);
    const first = list.subscribe(4);
    const second = list.subscribe(4);
    expect(list.publishMany([1, 2])).toEqual({
      delivered: 4,
      disconnectedSlow: 0,
      disconnectedClosed: 0,
    });
    for (const subscription of [first, second]) {
      expect(subscription.tryRecv()).toEqual(ok(1));
      expect(subscription.tryRecv()).toEqual(ok(2));
      expect(subscription.tryRecv()).toEqual(err(TryRecvError.empty()));
    }
  });

  it('disconnects a slow subscriber at the item it could not take and sends it nothing after', () => {
    const list = new SubscriberList<number>(4);
    const slow = list.subscribe(1);
    const fast = list.subscribe(4);
    const report = list.publishMany([1, 2, 3]);
    expect(report).toEqual({ delivered: 4, disconnectedSlow: 1, disconnectedClosed: 0 });
    expect(list.size).toBe(1);
    expect(slow.tryRecv()).toEqual(ok(1));
    expect(slow.tryRecv()).toEqual(err(TryRecvError.disconnected()));
    expect([fast.tryRecv(), fast.tryRecv(), fast.tryRecv()]).toEqual([ok(1), ok(2), ok(3)]);
  });

  it('counts a subscription over the limit nowhere and gives it a disconnected reader', () => {
    const list = new SubscriberList<number>(2);
    list.subscribe(1);
    list.subscribe(1);
    const over = list.subscribe(1);
    expect(list.size).toBe(2);
    expect(over.tryRecv()).toEqual(err(TryRecvError.disconnected()));
    expect(list.publishOne(7).delivered).toBe(2);
    expect(over.tryRecv()).toEqual(err(TryRecvError.disconnected()));
  });

  it('keeps closed subscriptions counted toward the limit until the next publish prunes them', () => {
    const list = new SubscriberList<number>(1);
    list.subscribe(1).close();
    expect(list.subscribe(1).tryRecv()).toEqual(err(TryRecvError.disconnected()));
    expect(list.publishOne(1)).toEqual({
      delivered: 0,
      disconnectedSlow: 0,
      disconnectedClosed: 1,
    });
    const fresh = list.subscribe(1);
    list.publishOne(2);
    expect(fresh.tryRecv()).toEqual(ok(2));
  });

  it('refuses registration when the owner does not accept it', () => {
    const list = new SubscriberList<number>(4);
    const refused = list.subscribe(4, false);
    expect(list.size).toBe(0);
    expect(refused.tryRecv()).toEqual(err(TryRecvError.disconnected()));
  });

  it('clamps the capacity and lets readers drain after clear', () => {
    const list = new SubscriberList<number>(4);
    expect(list.subscribe(0).capacity).toBe(1);
    expect(list.subscribe(MAX_SUBSCRIPTION_CAPACITY + 1).capacity).toBe(MAX_SUBSCRIPTION_CAPACITY);
    const reader = list.subscribe(2);
    list.publishOne(5);
    list.clear();
    expect(list.size).toBe(0);
    expect(reader.tryRecv()).toEqual(ok(5));
    expect(reader.tryRecv()).toEqual(err(TryRecvError.disconnected()));
  });
});
