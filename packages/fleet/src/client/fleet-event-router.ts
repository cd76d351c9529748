import { CapabilityCompletionEnvelope, CapabilityRequestSnapshot } from '@gate4agent/tool-protocol';
import type { SessionSnapshot, TerminalFrame } from '@gate4agent/types';
import {
  ApprovalEventCodec,
  CompletionEventCodec,
  type ExitAckEvent,
  ExitAckEventCodec,
  FrameEventCodec,
  SessionStatusEventCodec,
} from '../wire/fleet-event.js';
import type { ApprovalNotice } from './approval-requests.js';
import type { FleetSession } from './fleet-session.js';
import type { OpenRequests } from './open-requests.js';

/** A physical-exit ack of a provider operation on a fleet host, with the host's id. */
export type FleetExitAck = ExitAckEvent['ack'] & { readonly hostId: string };

const PENDING_MAX = 1_024;

/**
 * @internal Routes an owner's events and frames to its sessions, open requests and ack
 * subscribers. Identity (owner, host, session) comes from the subject, which the server
 * authorised; bodies are checked with compiled codecs and dropped (reported) when they do not
 * match. Events for a session whose launch reply has not arrived yet are kept (the latest of each)
 * and applied when the session is created.
 */
export class FleetEventRouter {
  readonly sessions = new Map<string, FleetSession>();
  readonly #pending = new Map<string, { status?: SessionSnapshot | null; frame?: TerminalFrame }>();
  readonly #open: OpenRequests;
  readonly #approvals = new Map<string, Set<(notice: ApprovalNotice) => void>>();
  #approvalsEnded: Error | null = null;
  readonly #onAck: (ack: FleetExitAck) => void;
  readonly #report: (error: unknown) => void;

  constructor(
    open: OpenRequests,
    onAck: (ack: FleetExitAck) => void,
    report: (error: unknown) => void,
  ) {
    this.#open = open;
    this.#onAck = onAck;
    this.#report = report;
  }

  /** The map key of a session. */
  static key(hostId: string, instanceId: number): string {
    return `${hostId}.${instanceId}`;
  }

  /** Registers a new session and applies what arrived for it before. */
  add(session: FleetSession): void {
    const key = FleetEventRouter.key(session.hostId, session.instanceId);
    this.sessions.set(key, session);
    const pending = this.#pending.get(key);
    this.#pending.delete(key);
    if (pending?.status !== undefined) session.applyStatus(pending.status);
    if (pending?.frame !== undefined) session.applyFrame(pending.frame);
  }

  /**
   * Calls `listener` with each approval notice of `hostId`; returns the unsubscribe function.
   * Once {@link endApprovals} ended every host, the listener hears that end at once.
   */
  listenApprovals(hostId: string, listener: (notice: ApprovalNotice) => void): () => void {
    if (this.#approvalsEnded !== null) {
      listener({ kind: 'end', error: this.#approvalsEnded });
      return () => undefined;
    }
    let listeners = this.#approvals.get(hostId);
    if (listeners === undefined) {
      listeners = new Set();
      this.#approvals.set(hostId, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#approvals.get(hostId) === listeners) {
        this.#approvals.delete(hostId);
      }
    };
  }

  /** How many approval listeners are registered (over every host). */
  get approvalListenerCount(): number {
    let count = 0;
    for (const listeners of this.#approvals.values()) count += listeners.size;
    return count;
  }

  /**
   * Ends the approval listeners of `hostId` (it was lost), or of every host and every later one
   * when `hostId` is undefined (the client was disposed), with `error`.
   */
  endApprovals(error: Error, hostId?: string): void {
    if (hostId === undefined) this.#approvalsEnded = error;
    const ended =
      hostId === undefined
        ? [...this.#approvals.values()].flatMap((listeners) => [...listeners])
        : [...(this.#approvals.get(hostId) ?? [])];
    for (const listener of ended) listener({ kind: 'end', error });
  }

  /** One message of the owner's event stream: `g4a.evt.<owner>.<host>.(<instance>.status|completion|ack|approval)`. */
  event(subject: string, body: unknown): void {
    const tokens = subject.split('.');
    const hostId = tokens[3] ?? '';
    if (tokens.length === 6 && tokens[5] === 'status') {
      const decoded = SessionStatusEventCodec.decode(body);
      if (!decoded.ok) {
        this.#report(decoded.error);
        return;
      }
      this.#toSession(hostId, Number(tokens[4]), (session) =>
        session.applyStatus(decoded.value.session),
      ).status = decoded.value.session;
      return;
    }
    if (tokens.length === 5 && tokens[4] === 'completion') {
      const decoded = CompletionEventCodec.decode(body);
      const completion = decoded.ok
        ? CapabilityCompletionEnvelope.codec.decode(decoded.value.completion)
        : decoded;
      if (!completion.ok) {
        this.#report(completion.error);
        return;
      }
      this.#open.complete(hostId, completion.value);
      // A completed request awaits approval no more: the iterations may forget it.
      const { consumerId, localId } = completion.value.requestKey;
      for (const listener of [...(this.#approvals.get(hostId) ?? [])]) {
        listener({ kind: 'settled', consumerId, localId });
      }
      return;
    }
    if (tokens.length === 5 && tokens[4] === 'ack') {
      const decoded = ExitAckEventCodec.decode(body);
      if (!decoded.ok) {
        this.#report(decoded.error);
        return;
      }
      this.#onAck({ ...decoded.value.ack, hostId });
      return;
    }
    if (tokens.length === 5 && tokens[4] === 'approval') {
      const decoded = ApprovalEventCodec.decode(body);
      const request = decoded.ok
        ? CapabilityRequestSnapshot.codec.decode(decoded.value.request)
        : decoded;
      if (!request.ok) {
        this.#report(request.error);
        return;
      }
      for (const listener of [...(this.#approvals.get(hostId) ?? [])]) {
        listener({ kind: 'request', request: request.value });
      }
    }
  }

  /** One frame: `g4a.frame.<owner>.<host>.<instance>`. */
  frame(subject: string, body: unknown): void {
    const tokens = subject.split('.');
    const decoded = FrameEventCodec.decode(body);
    if (!decoded.ok) {
      this.#report(decoded.error);
      return;
    }
    this.#toSession(tokens[3] ?? '', Number(tokens[4]), (session) =>
      session.applyFrame(decoded.value.frame),
    ).frame = decoded.value.frame;
  }

  /** Applies to the session, or returns the pending slot to fill when it is not known yet. */
  #toSession(
    hostId: string,
    instanceId: number,
    apply: (session: FleetSession) => void,
  ): { status?: SessionSnapshot | null; frame?: TerminalFrame } {
    const key = FleetEventRouter.key(hostId, instanceId);
    const session = this.sessions.get(key);
    if (session !== undefined) {
      apply(session);
      return {};
    }
    let pending = this.#pending.get(key);
    if (pending === undefined) {
      if (this.#pending.size >= PENDING_MAX) {
        const oldest = this.#pending.keys().next().value;
        if (oldest !== undefined) this.#pending.delete(oldest);
      }
      pending = {};
      this.#pending.set(key, pending);
    }
    return pending;
  }
}
