import { ToolProviderId } from '@gate4agent/tool-protocol';
import { describe, expect, it } from 'vitest';
import { ProviderEventQueues, providerIdsAfter } from '../../src/runtime/provider-event-queues.js';
import type { PhysicalExitAck } from '../../src/supervisor/physical-exit-ack.js';
import type { ProviderSupervisor } from '../../src/supervisor/provider-supervisor.js';

const ids = ['gate.c', 'gate.a', 'gate.b'].map((id) => ToolProviderId.of(id));

describe('providerIdsAfter', () => {
  it('lists providers in id order without a cursor', () => {
    expect(providerIdsAfter(ids, null)).toEqual(['gate.a', 'gate.b', 'gate.c']);
  });

  it('starts after the provider that yielded last, wrapping around', () => {
    expect(providerIdsAfter(ids, ToolProviderId.of('gate.a'))).toEqual([
      'gate.b',
      'gate.c',
      'gate.a',
    ]);
    expect(providerIdsAfter(ids, ToolProviderId.of('gate.b'))).toEqual([
      'gate.c',
      'gate.a',
      'gate.b',
    ]);
    expect(providerIdsAfter(ids, ToolProviderId.of('gate.c'))).toEqual([
      'gate.a',
      'gate.b',
      'gate.c',
    ]);
  });

  it('starts at the next id when the cursor provider is gone', () => {
    expect(providerIdsAfter(ids, ToolProviderId.of('gate.ab'))).toEqual([
      'gate.b',
      'gate.c',
      'gate.a',
    ]);
  });
});

describe('ProviderEventQueues subscriptions', () => {
  // Stand-ins for supervisors: only the two drains the queues call.
  function supervisors(acks: Record<string, PhysicalExitAck[]>) {
    const map = new Map<ToolProviderId, ProviderSupervisor>();
    for (const [id, list] of Object.entries(acks)) {
      map.set(ToolProviderId.of(id), {
        drainExitAcks: (limit: number) => list.splice(0, limit),
        drainFaults: () => [],
      } as unknown as ProviderSupervisor);
    }
    return map;
  }
  const ack = (operationId: number) => ({ operation: { operationId } }) as PhysicalExitAck;

  it('delivers collected acks to subscriptions in order instead of the drain buffer', async () => {
    const queues = new ProviderEventQueues();
    const subscription = queues.subscribeExitAcks(8);
    queues.collect(supervisors({ 'gate.a': [ack(1), ack(2)], 'gate.b': [ack(3)] }));
    const seen: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const next = await subscription.next();
      if (!next.done) seen.push(next.value.operation.operationId);
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(queues.drainExitAcks(8)).toEqual([]);
  });

  it('keeps acks for drainExitAcks while nobody subscribes (upstream behaviour)', () => {
    const queues = new ProviderEventQueues();
    queues.collect(supervisors({ 'gate.a': [ack(1)] }));
    expect(queues.drainExitAcks(8).map((entry) => entry.operation.operationId)).toEqual([1]);
  });

  it('ends a pending iteration cleanly when the subscriptions are closed', async () => {
    const queues = new ProviderEventQueues();
    const seen: PhysicalExitAck[] = [];
    const loop = (async () => {
      for await (const entry of queues.subscribeExitAcks(8)) seen.push(entry);
    })();
    queues.closeSubscriptions();
    await loop;
    expect(seen).toEqual([]);
  });

  it('rejects a wait with the abort reason and takes nothing', async () => {
    const queues = new ProviderEventQueues();
    const subscription = queues.subscribeFaults(8);
    const controller = new AbortController();
    const pending = subscription.next({ signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
