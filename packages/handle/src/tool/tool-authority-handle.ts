import type { BackendSnapshot } from '@gate4agent/kernel';
import type { ToolAuthorityCommand } from '@gate4agent/tool-protocol';
import { CAPABILITY_PROTOCOL_VERSION, ConsumerId, ToolActorId } from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, Gate4AgentError, ok } from '@gate4agent/types';
import { COUNTER_MAX, MAX_TOOL_CLIENTS } from '../constants.js';
import type { EdgeState } from '../edge/edge-state.js';
import type { ToolAuthorityOutcomeSubscription } from '../publish/subscription-kinds.js';
import type { AuthorityState } from './authority-state.js';
import { ClientState } from './client-state.js';
import { closeClient } from './close-client.js';
import { ToolAuthorityError } from './tool-authority-error.js';
import { ToolClientHandle } from './tool-client-handle.js';

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
    const consumerId = ConsumerId.tryNew(`gate4agent-client-${current}`);
    if (!consumerId.ok) return err(ToolAuthorityError.counterExhausted('consumer-id'));
    const state = new ClientState(consumerId.value, actorId, authority, this.#edge);
    authority.nextClientId = current + 1;
    authority.clients.set(consumerId.value, state);
    return ok(new ToolClientHandle(state));
  }

  /**
   * Enqueues an authority command and returns its authority sequence. A failed send consumes no
   * sequence. `close-client` is refused: use {@link closeClient}.
   */
  dispatch(command: ToolAuthorityCommand): Result<number, ToolAuthorityError> {
    if (command.kind === 'close-client') return err(ToolAuthorityError.closeRequiresMethod());
    const authority = this.#authority;
    const sequence = authority.nextAuthoritySequence;
    if (sequence >= COUNTER_MAX) {
      return err(ToolAuthorityError.counterExhausted('authority-sequence'));
    }
    const sent = authority.ingress.trySend({
      kind: 'tool-authority',
      envelope: { protocolVersion: CAPABILITY_PROTOCOL_VERSION, sequence, command },
    });
    if (!sent.ok) {
      return err(
        sent.error.kind === 'full' ? ToolAuthorityError.full() : ToolAuthorityError.disconnected(),
      );
    }
    authority.nextAuthoritySequence = sequence + 1;
    return ok(sequence);
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
