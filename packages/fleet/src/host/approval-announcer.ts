import { CapabilityRequestSnapshot } from '@gate4agent/tool-protocol';
import { FleetSubjects } from '../subjects.js';
import { approvalKey } from '../wire/approval-target.js';
import type { HostState } from './host-state.js';

/**
 * @internal Tells each owner, once, when a request of one of its tool clients enters
 * `awaiting-approval`: called after every publication of the runtime, it compares the tool
 * snapshot's requests awaiting approval with those it announced before and publishes the new ones
 * on the owner's event stream (`g4a.evt.<owner>.<host>.approval`). It compares the requests'
 * content (their keys and status), never the identity of the snapshot's array, which a runtime
 * may reuse from one publication to the next.
 */
export class ApprovalAnnouncer {
  readonly #state: HostState;
  #announced = new Set<string>();

  constructor(state: HostState) {
    this.#state = state;
  }

  /** Publishes the requests that entered `awaiting-approval` since the last call. */
  announce(): void {
    const state = this.#state;
    if (state.clients.size === 0 && this.#announced.size === 0) return;
    const { requests } = state.runtime.toolAuthority().snapshot().tools;
    const awaiting = new Set<string>();
    for (const request of requests) {
      if (request.status.kind !== 'awaiting-approval') continue;
      const owner = state.clients.get(request.key.consumerId)?.owner;
      if (owner === undefined) continue;
      const key = approvalKey(request);
      awaiting.add(key);
      if (this.#announced.has(key)) continue;
      state.outbox.publish(FleetSubjects.approval(owner, state.hostId), {
        request: CapabilityRequestSnapshot.codec.encode(request),
      });
    }
    // Only what still awaits approval is remembered, so the set stays as small as the snapshot.
    this.#announced = awaiting;
  }
}
