import type {
  CapabilityCompletionEnvelope,
  CapabilityRequestId,
  CapabilityRequestInput,
  CapabilityRequestKey,
  ConsumerId,
  ToolActorId,
} from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import type {
  ToolCompletionSubscription,
  ToolRequestOutcomeSubscription,
} from '../publish/subscription-kinds.js';
import type { ClientState } from './client-state.js';
import { dispatchRequest } from './dispatch-request.js';
import type { ToolRequestOptions } from './request-completion.js';
import { cancelRequest, requestCompletion } from './request-completion.js';
import type { ToolClientDispatchError } from './tool-client-dispatch-error.js';
import type { ToolClientSnapshot } from './tool-client-snapshot.js';
import { scopedSnapshot } from './tool-client-snapshot.js';

let readClientStateOf: (handle: unknown) => ClientState | undefined;

/**
 * One bound tool client: it dispatches capability requests under its consumer and actor ids,
 * sees only its own slice of the published snapshot, and receives only its own outcomes and
 * completions. Clones share one lifecycle.
 */
export class ToolClientHandle {
  readonly #state: ClientState;

  static {
    readClientStateOf = (handle) =>
      typeof handle === 'object' && handle !== null && #state in handle
        ? (handle as ToolClientHandle).#state
        : undefined;
  }

  /** @internal obtained from `ToolAuthorityHandle.bindClient`. */
  constructor(state: ClientState) {
    this.#state = state;
  }

  /** Another handle on the same client (Rust `Clone`); closing one closes all. */
  clone(): ToolClientHandle {
    return new ToolClientHandle(this.#state);
  }

  /** The consumer id the authority assigned (`gate4agent-client-<n>`). */
  consumerId(): ConsumerId {
    return this.#state.consumerId;
  }

  /** The actor id the client was bound with. */
  actorId(): ToolActorId {
    return this.#state.actorId;
  }

  /**
   * Enqueues `request` under this client's ids and returns its key. Refused while the client is
   * not active, when the request can never be admitted, and when the last publication lists the
   * provider without an active local binding. The outcome arrives later on the request-outcome
   * subscriptions.
   */
  dispatch(request: CapabilityRequestInput): Result<CapabilityRequestKey, ToolClientDispatchError> {
    return dispatchRequest(this.#state, request);
  }

  /**
   * Dispatches `request` and resolves with its one terminal completion (succeeded, failed,
   * denied, revoked, timed out, cancelled, …), settled by the publish of the step that closed
   * it; no timer and no poll. Aborting `options.signal` mid-flight cancels the request: it ends
   * `client-cancelled`, and a provider operation already running is stopped and reaped (its
   * physical-exit ack reports the stop cause `client-cancelled`). Rejects with a
   * `Gate4AgentError` when the request is refused before the engine decides it (same kinds as
   * {@link dispatch}, or the kernel's refusal), and with `signal.reason` when aborted before the call.
   */
  request(
    request: CapabilityRequestInput,
    options?: ToolRequestOptions,
  ): Promise<CapabilityCompletionEnvelope> {
    return requestCompletion(this.#state, request, options);
  }

  /**
   * Enqueues the cancel of this client's request `localId`: a live request ends
   * `client-cancelled` and its running operation is stopped; an unknown or finished one is left
   * alone. Returns the request's key; refused like {@link dispatch} when nothing could be queued.
   */
  cancel(localId: CapabilityRequestId): Result<CapabilityRequestKey, ToolClientDispatchError> {
    return cancelRequest(this.#state, localId);
  }

  /** This client's view of the last publication; works in every lifecycle, closed included. */
  snapshot(): ToolClientSnapshot {
    return scopedSnapshot(this.#state);
  }

  /**
   * Subscribes to this client's request outcomes. Born disconnected once the client is closed or
   * MAX_TOOL_SUBSCRIBERS_PER_CLIENT are registered.
   */
  subscribeRequestOutcomes(capacity: number): ToolRequestOutcomeSubscription {
    const state = this.#state;
    return state.requestSubscribers.subscribe(capacity, state.lifecycle.kind !== 'closed');
  }

  /**
   * Subscribes to this client's completions and to source gaps. Born disconnected once the
   * client is closed or MAX_TOOL_SUBSCRIBERS_PER_CLIENT are registered.
   */
  subscribeCompletions(capacity: number): ToolCompletionSubscription {
    const state = this.#state;
    return state.completionSubscribers.subscribe(capacity, state.lifecycle.kind !== 'closed');
  }
}

/**
 * Internal accessor and test seam, not exported by the package (CONTRIBUTING.md, "Test seams"):
 * the state behind a client handle; `undefined` for anything that is not one.
 */
export function clientStateOf(handle: unknown): ClientState | undefined {
  return readClientStateOf(handle);
}
