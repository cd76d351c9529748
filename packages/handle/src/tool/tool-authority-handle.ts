import type { BackendSnapshot } from '@gate4agent/kernel';
import type {
  CapabilityRequestSnapshot,
  PolicyGrant,
  PolicyKey,
  ToolAuthorityCommand,
  ToolAuthorityOutcome,
} from '@gate4agent/tool-protocol';
import {
  CAPABILITY_PROTOCOL_VERSION,
  ConsumerId,
  ToolActorId,
  ToolAuthorityEnvelope,
} from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, Gate4AgentError, handOffChecked, ok } from '@gate4agent/types';
import { COUNTER_MAX, MAX_TOOL_CLIENTS } from '../constants.js';
import type { EdgeState } from '../edge/edge-state.js';
import type { ToolAuthorityOutcomeSubscription } from '../publish/subscription-kinds.js';
import type { AuthorityState } from './authority-state.js';
import { ClientState } from './client-state.js';
import { closeClient } from './close-client.js';
import { ToolAuthorityError } from './tool-authority-error.js';
import { ToolClientHandle } from './tool-client-handle.js';

/**
 * The request an approval answers: a `CapabilityRequestSnapshot` awaiting approval (from
 * `snapshot().tools.requests`) has every field needed.
 */
export type ApprovalTarget = Pick<
  CapabilityRequestSnapshot,
  'key' | 'acceptedSequence' | 'instanceId' | 'generation'
>;

let readToolAuthorityStateOf: (handle: ToolAuthorityHandle) => AuthorityState;

/**
 * The trusted tool authority: binds clients (each gets a fresh consumer id), sets and revokes
 * grants, resolves approvals and closes clients. Clones share one state.
 */
export class ToolAuthorityHandle {
  readonly #edge: EdgeState;
  readonly #authority: AuthorityState;

  static {
    readToolAuthorityStateOf = (handle) => handle.#authority;
  }

  /** @internal obtained from `boundedControlPlane`. */
  constructor(edge: EdgeState, authority: AuthorityState) {
    this.#edge = edge;
    this.#authority = authority;
  }

  /** Another handle on the same authority (Rust `Clone`). */
  clone(): ToolAuthorityHandle {
    return new ToolAuthorityHandle(this.#edge, this.#authority);
  }

  /**
   * Registers a new active client acting as `actorId` under the consumer id
   * `gate4agent-client-<n>`. Ids are never reused; actor ids need not be unique.
   */
  bindClient(actorId: ToolActorId): Result<ToolClientHandle, ToolAuthorityError> {
    if (!ToolActorId.is(actorId)) {
      throw new Gate4AgentError(
        'invalid-argument',
        `bindClient needs a ToolActorId; build it with ToolActorId.tryNew (got ${JSON.stringify(actorId)})`,
      );
    }
    const authority = this.#authority;
    if (authority.clients.size >= MAX_TOOL_CLIENTS) {
      return err(ToolAuthorityError.clientCapacityExceeded());
    }
    const current = authority.nextClientId;
    if (current >= COUNTER_MAX) return err(ToolAuthorityError.counterExhausted('consumer-id'));
    const consumerId = ConsumerId.tryOf(`gate4agent-client-${current}`);
    if (!consumerId.ok) return err(ToolAuthorityError.counterExhausted('consumer-id'));
    const state = new ClientState(consumerId.value, actorId, authority, this.#edge);
    authority.nextClientId = current + 1;
    authority.clients.set(consumerId.value, state);
    return ok(new ToolClientHandle(state));
  }

  /**
   * Enqueues an authority command and returns its authority sequence. A failed send consumes no
   * sequence. `close-client` is refused: use {@link closeClient}. A command whose shape does not
   * match its schema (an id that breaks its rules, an unknown kind) is `invalid-input`.
   */
  dispatch(command: ToolAuthorityCommand): Result<number, ToolAuthorityError> {
    const authority = this.#authority;
    const sequence = authority.nextAuthoritySequence;
    const envelope = ToolAuthorityEnvelope.codec.checkValue({
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      sequence,
      command,
    });
    if (!envelope.ok) return err(ToolAuthorityError.invalidInput(envelope.error));
    if (envelope.value.command.kind === 'close-client') {
      return err(ToolAuthorityError.closeRequiresMethod());
    }
    if (sequence >= COUNTER_MAX) {
      return err(ToolAuthorityError.counterExhausted('authority-sequence'));
    }
    // The checked copy (whose sequence is `sequence`) is queued and only the kernel reads it: its
    // step check takes it as it is.
    handOffChecked(ToolAuthorityEnvelope.codec, envelope.value);
    const sent = authority.ingress.trySend({ kind: 'tool-authority', envelope: envelope.value });
    if (!sent.ok) {
      return err(
        sent.error.kind === 'full' ? ToolAuthorityError.full() : ToolAuthorityError.disconnected(),
      );
    }
    authority.nextAuthoritySequence = sequence + 1;
    return ok(sequence);
  }

  /**
   * Sets (or replaces) `grant` and resolves with the outcome once the step that applied it is
   * published, so a request dispatched after the `await` sees the grant. Rejects with a
   * `Gate4AgentError` when the command cannot be queued or the engine refuses it (its `kind`).
   */
  grant(grant: PolicyGrant): Promise<ToolAuthorityOutcome> {
    return this.#awaited({ kind: 'set-grant', grant });
  }

  /**
   * Revokes the grant at `key`; its live requests end `grant-revoked` and their operations are
   * cancelled. Resolves once that step is published; rejects like {@link grant}.
   */
  revoke(key: PolicyKey): Promise<ToolAuthorityOutcome> {
    return this.#awaited({ kind: 'revoke-grant', key });
  }

  /** Approves one request awaiting approval (`approve-once`); resolves once published. */
  approve(request: ApprovalTarget): Promise<ToolAuthorityOutcome> {
    return this.#resolve(request, 'approve-once');
  }

  /** Denies one request awaiting approval; it ends `approval-denied`. Resolves once published. */
  deny(request: ApprovalTarget): Promise<ToolAuthorityOutcome> {
    return this.#resolve(request, 'deny');
  }

  #resolve(request: ApprovalTarget, decision: 'approve-once' | 'deny') {
    const { key: requestKey, acceptedSequence, instanceId, generation } = request;
    return this.#awaited({
      kind: 'resolve-approval',
      resolution: { requestKey, acceptedSequence, instanceId, generation, decision },
    });
  }

  #awaited(command: ToolAuthorityCommand): Promise<ToolAuthorityOutcome> {
    const sequence = this.dispatch(command);
    if (!sequence.ok) {
      const { kind, message } = sequence.error;
      return Promise.reject(new Gate4AgentError(kind, message, { cause: sequence.error }));
    }
    return this.#authority.pendingOutcomes.wait(sequence.value);
  }

  /**
   * Deactivates every clone of `client` at once, then enqueues its `close-client`. A full ingress
   * leaves the client inactive and retryable without reserving a sequence; once enqueued, every
   * further call (from any clone) returns the one queued sequence.
   */
  closeClient(client: ToolClientHandle): Result<number, ToolAuthorityError> {
    return closeClient(this.#authority, client);
  }

  /** The full, unscoped combined snapshot of the last publication. */
  snapshot(): BackendSnapshot {
    return this.#edge.publication.snapshot;
  }

  /**
   * Subscribes to every authority-command outcome (close-client ones included). Over
   * MAX_AUTHORITY_SUBSCRIBERS the subscription is born disconnected.
   */
  subscribeOutcomes(capacity: number): ToolAuthorityOutcomeSubscription {
    return this.#authority.subscribers.subscribe(capacity);
  }
}

/**
 * Internal accessor and test seam, not exported by the package (CONTRIBUTING.md, "Test seams"):
 * the state behind an authority handle.
 */
export function toolAuthorityStateOf(handle: ToolAuthorityHandle): AuthorityState {
  return readToolAuthorityStateOf(handle);
}
