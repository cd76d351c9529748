import type { CapabilityCompletionEnvelope, CapabilityRequestKey } from '@gate4agent/tool-protocol';
import { describe, expect, it } from 'vitest';
import type { FleetCompletion } from '../../src/client/fleet-completion.js';
import { OpenRequests } from '../../src/client/open-requests.js';

const key = (localId: number) =>
  ({ consumerId: 'c-1', actorId: 'agent', localId }) as unknown as CapabilityRequestKey;
const input = { instanceId: 1, generation: 1, providerId: 'gate.p' };

describe('OpenRequests', () => {
  it('completes each request exactly once, by its completion or by the loss of its host', () => {
    const open = new OpenRequests();
    const done: FleetCompletion[] = [];
    for (const localId of [1, 2]) {
      open.open('h-a', { requestKey: key(localId), input, resolve: (c) => done.push(c) });
    }
    open.open('h-b', { requestKey: key(3), input, resolve: (c) => done.push(c) });
    const completion = { requestKey: key(1), outcome: { kind: 'approval-denied' } };
    expect(open.complete('h-a', completion as unknown as CapabilityCompletionEnvelope)).toBe(true);
    expect(open.hostLost('h-a', 'host-lost: h-a')).toBe(1);
    expect(open.hostLost('h-a', 'host-lost: h-a')).toBe(0);
    expect(open.complete('h-a', completion as unknown as CapabilityCompletionEnvelope)).toBe(false);
    expect(done.map((c) => [c.requestKey.localId, c.outcome.kind])).toEqual([
      [1, 'approval-denied'],
      [2, 'host-lost'],
    ]);
    expect(open.size).toBe(1);
  });
});
