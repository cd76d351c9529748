import type { CapabilityRequestSnapshot } from '@gate4agent/tool-protocol';
import { describe, expect, it } from 'vitest';
import { ApprovalAnnouncer } from '../../src/host/approval-announcer.js';
import type { HostState } from '../../src/host/host-state.js';

const request = (localId: number, kind: string) =>
  ({
    key: { consumerId: 'c-1', actorId: 'agent', localId },
    acceptedSequence: localId,
    status: { kind },
  }) as unknown as CapabilityRequestSnapshot;

/** A host whose runtime hands out one requests array and changes it in place. */
function hostReusingOneArray() {
  const requests: CapabilityRequestSnapshot[] = [];
  const published: { subject: string; localId: number }[] = [];
  const state = {
    hostId: 'host-a',
    clients: new Map([['c-1', { owner: 'alice', client: {} }]]),
    runtime: { toolAuthority: () => ({ snapshot: () => ({ tools: { requests } }) }) },
    outbox: {
      publish: (subject: string, body: { request: { key: { localId: number } } }) => {
        published.push({ subject, localId: body.request.key.localId });
      },
    },
  } as unknown as HostState;
  return { requests, published, announcer: new ApprovalAnnouncer(state) };
}

describe('ApprovalAnnouncer', () => {
  it('announces a request that entered awaiting-approval in an array the runtime reused', () => {
    const { requests, published, announcer } = hostReusingOneArray();
    requests.push(request(1, 'running'));
    announcer.announce();
    expect(published).toEqual([]);
    // Same array, new content: request 1 now waits, request 2 arrived waiting.
    requests[0] = request(1, 'awaiting-approval');
    requests.push(request(2, 'awaiting-approval'));
    announcer.announce();
    announcer.announce();
    expect(published).toEqual([
      { subject: 'g4a.evt.alice.host-a.approval', localId: 1 },
      { subject: 'g4a.evt.alice.host-a.approval', localId: 2 },
    ]);
  });
});
