import type { CapabilityRequestSnapshot } from '@gate4agent/tool-protocol';
import { describe, expect, it } from 'vitest';
import { type ApprovalNotice, ApprovalRequests } from '../../src/client/approval-requests.js';

const request = (localId: number, acceptedSequence = localId) =>
  ({
    key: { consumerId: 'c-1', actorId: 'agent', localId },
    acceptedSequence,
    status: { kind: 'awaiting-approval' },
  }) as unknown as CapabilityRequestSnapshot;

/** A host's notices as the router delivers them, with the listeners still registered. */
function notices() {
  const listeners = new Set<(notice: ApprovalNotice) => void>();
  return {
    listeners,
    listen: (listener: (notice: ApprovalNotice) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send: (notice: ApprovalNotice) => {
      for (const listener of [...listeners]) listener(notice);
    },
  };
}

const localIds = (items: CapabilityRequestSnapshot[]) => items.map((item) => item.key.localId);

describe('ApprovalRequests', () => {
  it('yields the pending list first, then each new request once, and removes its listener on break', async () => {
    const host = notices();
    let resolve!: (requests: CapabilityRequestSnapshot[]) => void;
    const pending = new Promise<CapabilityRequestSnapshot[]>((done) => {
      resolve = done;
    });
    const requests = new ApprovalRequests(host.listen, () => pending, undefined);
    // Notices that arrive while the list is read come after it, without duplicates.
    host.send({ kind: 'request', request: request(2) });
    host.send({ kind: 'request', request: request(3) });
    resolve([request(1), request(2)]);
    const seen: CapabilityRequestSnapshot[] = [];
    for await (const item of requests) {
      seen.push(item);
      if (seen.length === 3) host.send({ kind: 'request', request: request(1) });
      if (seen.length === 3) host.send({ kind: 'request', request: request(1, 9) });
      if (seen.length === 4) break;
    }
    expect(localIds(seen)).toEqual([1, 2, 3, 1]);
    expect(seen[3]?.acceptedSequence).toBe(9);
    expect(host.listeners.size).toBe(0);
    expect(await requests.next()).toEqual({ done: true, value: undefined });
  });

  it('remembers only the requests still pending: a completion forgets one', async () => {
    const host = notices();
    let resolve!: (requests: CapabilityRequestSnapshot[]) => void;
    const pending = new Promise<CapabilityRequestSnapshot[]>((done) => {
      resolve = done;
    });
    const requests = new ApprovalRequests(host.listen, () => pending, undefined);
    // Request 5 completes while the pending list (which still shows it) is on its way.
    host.send({ kind: 'settled', consumerId: 'c-1', localId: 5 });
    resolve([request(5), request(6)]);
    expect((await requests.next()).value?.key.localId).toBe(6);
    for (let localId = 10; localId < 1_010; localId += 1) {
      host.send({ kind: 'request', request: request(localId) });
      expect((await requests.next()).value?.key.localId).toBe(localId);
      host.send({ kind: 'settled', consumerId: 'c-1', localId });
    }
    // Only request 6 is still pending; a second notice of it is not yielded again.
    expect(requests.rememberedCount).toBe(1);
    host.send({ kind: 'request', request: request(6) });
    host.send({ kind: 'request', request: request(7) });
    expect((await requests.next()).value?.key.localId).toBe(7);
    expect(requests.rememberedCount).toBe(2);
    await requests.return();
  });

  it('ends with the error of its source or of the pending list', async () => {
    const host = notices();
    const lost = new ApprovalRequests(host.listen, async () => [], undefined);
    const next = lost.next();
    const error = new Error('host-lost: h-a');
    host.send({ kind: 'end', error });
    await expect(next).rejects.toBe(error);
    expect(host.listeners.size).toBe(0);
    const refused = new Error('command-failed');
    const failed = new ApprovalRequests(host.listen, () => Promise.reject(refused), undefined);
    await expect(failed.next()).rejects.toBe(refused);
    expect(host.listeners.size).toBe(0);
    // A source that already ended (the client was disposed) ends it before the list is asked.
    const disposed = new Error('disposed');
    let asked = false;
    const late = new ApprovalRequests(
      (listener) => {
        listener({ kind: 'end', error: disposed });
        return () => undefined;
      },
      async () => {
        asked = true;
        return [];
      },
      undefined,
    );
    await expect(late.next()).rejects.toBe(disposed);
    expect(asked).toBe(false);
  });

  it('ends with the reason of an abort that comes while requests are queued', async () => {
    const host = notices();
    const controller = new AbortController();
    await using requests = new ApprovalRequests(
      host.listen,
      async () => [request(1)],
      controller.signal,
    );
    expect((await requests.next()).value).toEqual(request(1));
    host.send({ kind: 'request', request: request(2) });
    controller.abort('operator left');
    await expect(requests.next()).rejects.toBe('operator left');
    expect(host.listeners.size).toBe(0);
  });
});
