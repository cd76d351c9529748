import type { ApprovalTarget } from '@gate4agent/handle';
import {
  CapabilityRequestInput,
  type CapabilityRequestKey,
  CapabilityRequestSnapshot,
  PolicyGrant,
  PolicyKey,
  ToolAuthorityOutcome,
} from '@gate4agent/tool-protocol';
import { FleetError } from '../fleet-error.js';
import { encodeApprovalTarget } from '../wire/approval-target.js';
import type { FleetCommand } from '../wire/fleet-command.js';
import { type ApprovalNotice, ApprovalRequests } from './approval-requests.js';
import type { FleetCompletion } from './fleet-completion.js';
import type { OpenRequests } from './open-requests.js';

/** @internal How fleet tool handles reach a host. */
export interface FleetToolLink {
  command(hostId: string, command: FleetCommand): Promise<unknown>;
  readonly open: OpenRequests;
  /** Listens to the approval notices of `hostId`. */
  listenApprovals(hostId: string, listener: (notice: ApprovalNotice) => void): () => void;
}

/**
 * A tool client bound on the host of a session (`FleetClient.toolClient`): requests run on that
 * host under its grants. `request` resolves with the request's one completion, or with a
 * `host-lost` completion when the host is lost first; aborting its signal cancels it on the host.
 */
export class FleetToolClient {
  /** The host this client is bound on. */
  readonly hostId: string;
  readonly #consumerId: string;
  readonly #actorId: string;
  readonly #link: FleetToolLink;

  /** @internal built by `FleetClient.toolClient`. */
  constructor(link: FleetToolLink, hostId: string, consumerId: string, actorId: string) {
    this.#link = link;
    this.hostId = hostId;
    this.#consumerId = consumerId;
    this.#actorId = actorId;
  }

  /** The consumer id the host's authority minted for this client (grants name it). */
  consumerId(): string {
    return this.#consumerId;
  }

  /** The actor this client acts as. */
  actorId(): string {
    return this.#actorId;
  }

  /**
   * Sends `input` to the host and resolves with its one completion. Rejects when the host refused
   * the request (the host's error kind and message) or the signal was aborted before it was sent.
   */
  async request(
    input: CapabilityRequestInput,
    options: { readonly signal?: AbortSignal } = {},
  ): Promise<FleetCompletion> {
    const { signal } = options;
    signal?.throwIfAborted();
    const requestKey = {
      consumerId: this.#consumerId,
      actorId: this.#actorId,
      localId: input.localId,
    } as CapabilityRequestKey;
    let resolve!: (completion: FleetCompletion) => void;
    const completed = new Promise<FleetCompletion>((done) => {
      resolve = done;
    });
    const close = this.#link.open.open(this.hostId, { requestKey, input, resolve });
    try {
      await this.#link.command(this.hostId, {
        op: 'tool-request',
        consumerId: this.#consumerId,
        input: CapabilityRequestInput.codec.encode(input),
      });
    } catch (error) {
      close();
      throw error;
    }
    const onAbort = () => {
      void this.cancel(input.localId).catch(() => undefined);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await completed;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Cancels the open request `localId` on the host. */
  async cancel(localId: number): Promise<void> {
    await this.#link.command(this.hostId, {
      op: 'tool-cancel',
      consumerId: this.#consumerId,
      localId,
    });
  }
}

/**
 * The tool authority of one host (`FleetClient.toolAuthority`): grants, revokes and approvals for
 * your own clients and sessions on that host, applied by the host's own authority, so a revoke
 * reaches in-flight work where it runs.
 */
export class FleetToolAuthority {
  /** The host whose authority this is. */
  readonly hostId: string;
  readonly #link: FleetToolLink;

  /** @internal built by `FleetClient.toolAuthority`. */
  constructor(link: FleetToolLink, hostId: string) {
    this.#link = link;
    this.hostId = hostId;
  }

  /** Grants on the host; resolves with the host authority's outcome. */
  async grant(grant: PolicyGrant): Promise<ToolAuthorityOutcome> {
    return this.#outcome(
      await this.#link.command(this.hostId, {
        op: 'grant',
        grant: PolicyGrant.codec.encode(grant),
      }),
    );
  }

  /** Revokes on the host; work in flight under the grant is cancelled there. */
  async revoke(key: PolicyKey): Promise<ToolAuthorityOutcome> {
    return this.#outcome(
      await this.#link.command(this.hostId, { op: 'revoke', key: PolicyKey.codec.encode(key) }),
    );
  }

  /**
   * The requests of your tool clients on the host that await approval (under a
   * `require-approval` grant), as the host's engine snapshot shows them.
   */
  async pendingApprovals(): Promise<CapabilityRequestSnapshot[]> {
    const answer = await this.#link.command(this.hostId, { op: 'pending-approvals' });
    if (!Array.isArray(answer)) throw FleetError.invalidCommand(this.hostId, 'not a list');
    return answer.map((item: unknown) => {
      const request = CapabilityRequestSnapshot.codec.decode(item);
      if (!request.ok) throw FleetError.invalidCommand(this.hostId, request.error.message);
      return request.value;
    });
  }

  /**
   * The requests of your tool clients on the host that await approval, as they come, without
   * polling: first what {@link pendingApprovals} returns now, then each request that enters
   * `awaiting-approval` later (the host publishes it on your event stream), each one once. Use it
   * with `for await` and `break`, or `await using`; aborting `signal` ends it with
   * `signal.reason`, and the loss of the host ends it with the `host-lost` error.
   */
  approvalRequests(options: { readonly signal?: AbortSignal } = {}): ApprovalRequests {
    return new ApprovalRequests(
      (listener) => this.#link.listenApprovals(this.hostId, listener),
      () => this.pendingApprovals(),
      options.signal,
    );
  }

  /** Approves one request awaiting approval (`approve-once`) on the host; it then runs there. */
  async approve(request: ApprovalTarget): Promise<ToolAuthorityOutcome> {
    return this.#outcome(
      await this.#link.command(this.hostId, {
        op: 'approve',
        target: encodeApprovalTarget(request),
      }),
    );
  }

  /** Denies one request awaiting approval on the host; it completes `approval-denied`. */
  async deny(request: ApprovalTarget): Promise<ToolAuthorityOutcome> {
    return this.#outcome(
      await this.#link.command(this.hostId, { op: 'deny', target: encodeApprovalTarget(request) }),
    );
  }

  #outcome(answer: unknown): ToolAuthorityOutcome {
    const outcome = ToolAuthorityOutcome.codec.decode(answer);
    if (!outcome.ok) throw FleetError.invalidCommand(this.hostId, outcome.error.message);
    return outcome.value;
  }
}
