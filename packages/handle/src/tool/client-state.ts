import type { ToolRequestOutcome } from '@gate4agent/kernel';
import type {
  CapabilityCompletionEnvelope,
  ConsumerId,
  ToolActorId,
} from '@gate4agent/tool-protocol';
import { MAX_TOOL_SUBSCRIBERS_PER_CLIENT } from '../constants.js';
import type { EdgeState } from '../edge/edge-state.js';
import { SubscriberList } from '../publish/subscriber-list.js';
import type { AuthorityState } from './authority-state.js';
import { PendingAnswers } from './pending-answers.js';
import type { ToolCompletionDelivery } from './tool-completion-delivery.js';

/**
 * A client's lifecycle, shared by all its clones. Only `active` dispatches; only `closed`
 * refuses subscriptions.
 */
export type ClientLifecycle =
  | { readonly kind: 'active' }
  /** A close was attempted but not enqueued, or the kernel refused it; `closeClient` retries. */
  | { readonly kind: 'closing-retry' }
  | { readonly kind: 'closing-sent'; readonly sequence: number }
  | { readonly kind: 'close-succeeded' }
  | { readonly kind: 'closed' };

/** The state of one bound tool client. */
export class ClientState {
  readonly consumerId: ConsumerId;
  readonly actorId: ToolActorId;
  readonly authority: AuthorityState;
  readonly edge: EdgeState;
  lifecycle: ClientLifecycle = { kind: 'active' };
  readonly requestSubscribers = new SubscriberList<ToolRequestOutcome>(
    MAX_TOOL_SUBSCRIBERS_PER_CLIENT,
  );
  readonly completionSubscribers = new SubscriberList<ToolCompletionDelivery>(
    MAX_TOOL_SUBSCRIBERS_PER_CLIENT,
  );
  /** `request()` calls waiting for their completion, by local id. */
  readonly pendingCompletions = new PendingAnswers<number, CapabilityCompletionEnvelope>();

  constructor(
    consumerId: ConsumerId,
    actorId: ToolActorId,
    authority: AuthorityState,
    edge: EdgeState,
  ) {
    this.consumerId = consumerId;
    this.actorId = actorId;
    this.authority = authority;
    this.edge = edge;
  }
}
