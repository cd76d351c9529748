import type { BackendIngress, ToolAuthorityCommandOutcome } from '@gate4agent/kernel';
import type { ConsumerId, ToolActorId, ToolAuthorityOutcome } from '@gate4agent/tool-protocol';
import { MAX_AUTHORITY_SUBSCRIBERS } from '../constants.js';
import { SubscriberList } from '../publish/subscriber-list.js';
import type { BoundedQueue } from '../queue/bounded-queue.js';
import type { ClientState } from './client-state.js';
import { PendingAnswers } from './pending-answers.js';

/** The tool authority of one control plane: client registry, counters and outcome subscribers. */
export class AuthorityState {
  readonly ingress: BoundedQueue<BackendIngress>;
  nextClientId = 1;
  nextAuthoritySequence = 1;
  readonly clients = new Map<ConsumerId, ClientState>();
  /** Which client a queued `close-client` (by authority sequence) belongs to. */
  readonly closingBySequence = new Map<number, ConsumerId>();
  readonly subscribers = new SubscriberList<ToolAuthorityCommandOutcome>(MAX_AUTHORITY_SUBSCRIBERS);
  /** Awaited authority commands (`grant`, `revoke`, `approve`, `deny`), by authority sequence. */
  readonly pendingOutcomes = new PendingAnswers<number, ToolAuthorityOutcome>();

  constructor(ingress: BoundedQueue<BackendIngress>) {
    this.ingress = ingress;
  }

  /** The registered client with this consumer id, if it also has this actor id. */
  clientFor(consumerId: ConsumerId, actorId: ToolActorId): ClientState | undefined {
    const client = this.clients.get(consumerId);
    return client !== undefined && client.actorId === actorId ? client : undefined;
  }

  /** Registered clients in ascending consumer-id order (Rust `BTreeMap` order). */
  sortedClients(): ClientState[] {
    return [...this.clients.values()].sort((a, b) =>
      a.consumerId < b.consumerId ? -1 : a.consumerId > b.consumerId ? 1 : 0,
    );
  }

  /** Whether `client` is the instance registered under its consumer id. */
  isRegistered(client: ClientState): boolean {
    return this.clients.get(client.consumerId) === client;
  }
}
