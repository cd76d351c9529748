// Not upstream: the send notification behind ControlPlaneKernelPort.onIngress.
import type { BackendIngress } from '@gate4agent/kernel';
import { describe, expect, it } from 'vitest';
import { ProviderKernelPort } from '../../src/provider-runtime/provider-kernel-port.js';
import { BoundedQueue } from '../../src/queue/bounded-queue.js';
import { ListenerSet } from '../../src/queue/listener-set.js';
import { activate, boundInvoke, expectInvoke, result } from '../support/provider-fixtures.js';

describe('ListenerSet', () => {
  it('hears a provider runtime submitting its observation, with the item already queued', () => {
    const listeners = new ListenerSet();
    const ingress = new BoundedQueue<BackendIngress>(8, listeners);
    const port = new ProviderKernelPort(ingress);
    const runtime = activate(port.authorityHandle(), port, ingress);
    port.publishEffect(boundInvoke(runtime.bindingId()));
    const invocation = expectInvoke(runtime.tryRecv());
    const lengths: number[] = [];
    listeners.add(() => lengths.push(ingress.length));
    expect(runtime.trySucceed(invocation, result()).ok).toBe(true);
    expect(lengths).toEqual([1]);
  });

  it('a full or closed queue notifies nobody', () => {
    const listeners = new ListenerSet();
    const queue = new BoundedQueue<number>(1, listeners);
    let calls = 0;
    listeners.add(() => {
      calls += 1;
    });
    expect(queue.trySend(1).ok).toBe(true);
    expect(queue.trySend(2).ok).toBe(false);
    queue.closeReceiver();
    expect(queue.trySend(3).ok).toBe(false);
    expect(calls).toBe(1);
  });

  it('isolates exceptions, reports each one, keeps order, and clear() removes everyone', () => {
    const reported: unknown[] = [];
    const listeners = new ListenerSet((error) => reported.push(error));
    const order: string[] = [];
    listeners.add(() => order.push('a'));
    listeners.add(() => {
      throw new Error('boom');
    });
    listeners.add(() => order.push('c'));
    expect(() => listeners.notify()).not.toThrow();
    expect(order).toEqual(['a', 'c']);
    expect(reported).toEqual([new Error('boom')]);
    listeners.clear();
    listeners.notify();
    expect(order).toEqual(['a', 'c']);
  });

  it('hands what a listener threw to its report function, after the others ran', () => {
    const reported: unknown[] = [];
    const listeners = new ListenerSet((error) => reported.push(error));
    const boom = new Error('boom');
    let later = 0;
    listeners.add(() => {
      throw boom;
    });
    listeners.add(() => {
      later += 1;
    });
    expect(() => listeners.notify()).not.toThrow();
    expect(reported).toEqual([boom]);
    expect(later).toBe(1);
  });

  it('a queue without listeners behaves as before', () => {
    const queue = new BoundedQueue<number>(2);
    expect(queue.trySend(1).ok).toBe(true);
    expect(queue.drain(4)).toEqual([1]);
  });
});
