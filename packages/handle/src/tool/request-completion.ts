import type {
  CapabilityCompletionEnvelope,
  CapabilityRequestId,
  CapabilityRequestInput,
  CapabilityRequestKey,
} from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, Gate4AgentError, ok } from '@gate4agent/types';
import type { ClientState } from './client-state.js';
import { dispatchRequest } from './dispatch-request.js';
import { ToolClientDispatchError } from './tool-client-dispatch-error.js';

/** Options of `ToolClientHandle.request`. */
export interface ToolRequestOptions {
  /**
   * Cancels the request: aborted before the call, nothing is sent and the promise rejects with
   * `signal.reason`; aborted later, a cancel is sent (`ToolClientHandle.cancel`) and the promise
   * resolves with the request's one completion, `client-cancelled` unless it had already ended.
   */
  readonly signal?: AbortSignal | undefined;
}

/** `ToolClientHandle.cancel`: enqueues the cancel of one of this client's requests. */
export function cancelRequest(
  client: ClientState,
  localId: CapabilityRequestId,
): Result<CapabilityRequestKey, ToolClientDispatchError> {
  if (client.lifecycle.kind !== 'active') return err(ToolClientDispatchError.inactive());
  const requestKey: CapabilityRequestKey = {
    consumerId: client.consumerId,
    actorId: client.actorId,
    localId,
  };
  const sent = client.authority.ingress.trySend({
    kind: 'tool-cancel',
    requestKey,
  });
  if (!sent.ok) {
    return err(
      sent.error.kind === 'full'
        ? ToolClientDispatchError.full()
        : ToolClientDispatchError.disconnected(),
    );
  }
  return ok(requestKey);
}

/**
 * `ToolClientHandle.request`: dispatches `input` and resolves with its terminal completion, which
 * the publish of the step that closed the request settles. Rejects with a `Gate4AgentError` (kind
 * of the refusal) when the request is refused before it reaches the engine.
 */
export function requestCompletion(
  client: ClientState,
  input: CapabilityRequestInput,
  options: ToolRequestOptions = {},
): Promise<CapabilityCompletionEnvelope> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (client.pendingCompletions.has(input.localId)) {
    return Promise.reject(
      new Gate4AgentError(
        'duplicate-request',
        `tool request ${input.localId} of client ${client.consumerId} is still waiting for its completion; give each request its own local id`,
      ),
    );
  }
  const dispatched = dispatchRequest(client, input);
  if (!dispatched.ok) {
    const { kind, message } = dispatched.error;
    return Promise.reject(new Gate4AgentError(kind, message, { cause: dispatched.error }));
  }
  const completion = client.pendingCompletions.wait(input.localId);
  if (signal === undefined) return completion;
  const onAbort = () => {
    // Refused only when the client is closing (its close cancels the request anyway) or the
    // ingress is gone or full; the request still ends with exactly one completion.
    cancelRequest(client, input.localId);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  return completion.finally(() => signal.removeEventListener('abort', onAbort));
}
