import { describe, expect, it } from 'vitest';
import type { ApprovalNotice } from '../../src/client/approval-requests.js';
import { FleetEventRouter } from '../../src/client/fleet-event-router.js';
import { OpenRequests } from '../../src/client/open-requests.js';
import { FleetError } from '../../src/fleet-error.js';

describe('FleetEventRouter approvals', () => {
  it('drops an approval event that does not match its schema and ends listeners per host, then for good', () => {
    const reported: unknown[] = [];
    const router = new FleetEventRouter(
      new OpenRequests(),
      () => undefined,
      (error) => reported.push(error),
    );
    const heard: [string, ApprovalNotice][] = [];
    const stopA = router.listenApprovals('h-a', (notice) => heard.push(['h-a', notice]));
    router.listenApprovals('h-b', (notice) => heard.push(['h-b', notice]));
    expect(router.approvalListenerCount).toBe(2);
    router.event('g4a.evt.alice.h-a.approval', { request: { key: 'not a request' } });
    expect(reported).toHaveLength(1);
    expect(heard).toEqual([]);
    const lost = FleetError.hostLost('h-b', 4_000);
    router.endApprovals(lost, 'h-b');
    expect(heard).toEqual([['h-b', { kind: 'end', error: lost }]]);
    stopA();
    const disposed = FleetError.clientDisposed('alice');
    router.listenApprovals('h-c', (notice) => heard.push(['h-c', notice]));
    router.endApprovals(disposed);
    expect(heard.at(-1)).toEqual(['h-c', { kind: 'end', error: disposed }]);
    // A listener added after the client was disposed hears the end at once and is not kept.
    router.listenApprovals('h-a', (notice) => heard.push(['late', notice]));
    expect(heard.at(-1)).toEqual(['late', { kind: 'end', error: disposed }]);
    expect(disposed.kind).toBe('disposed');
  });
});
