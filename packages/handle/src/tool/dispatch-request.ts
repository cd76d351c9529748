import type { CapabilityRequestInput, CapabilityRequestKey } from '@gate4agent/tool-protocol';
import { CAPABILITY_PROTOCOL_VERSION } from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { err, ok } from '@gate4agent/types';
import type { ClientState } from './client-state.js';
import { ToolClientDispatchError } from './tool-client-dispatch-error.js';
import { validateRequestAtEdge } from './validate-request-at-edge.js';

/** `ToolClientHandle.dispatch`, over the client's state. */
export function dispatchRequest(
  client: ClientState,
  input: CapabilityRequestInput,
): Result<CapabilityRequestKey, ToolClientDispatchError> {
  if (client.lifecycle.kind !== 'active') return err(ToolClientDispatchError.inactive());
  const publication = client.edge.publication;
  const checked = validateRequestAtEdge(input, publication.snapshot.tools.currentTick);
  if (!checked.ok) return checked;
  const request = checked.value;

  const providerId = request.providerId;
  const registered = publication.snapshot.tools.providers.some(
    (provider) => provider.id === providerId,
  );
  const bindingId = publication.availableProviderBindings.get(providerId) ?? null;
  if (registered && bindingId === null) {
    return err(ToolClientDispatchError.providerUnavailable(providerId));
  }
  const key: CapabilityRequestKey = {
    consumerId: client.consumerId,
    actorId: client.actorId,
    localId: request.localId,
  };
  const sent = client.authority.ingress.trySend({
    kind: 'tool-request',
    request: {
      providerBindingId: bindingId,
      request: {
        protocolVersion: CAPABILITY_PROTOCOL_VERSION,
        consumerId: client.consumerId,
        actorId: client.actorId,
        // The checked copy, so the caller cannot change what was validated and queued.
        request,
      },
    },
  });
  if (!sent.ok) {
    return err(
      sent.error.kind === 'full'
        ? ToolClientDispatchError.full()
        : ToolClientDispatchError.disconnected(),
    );
  }
  return ok(key);
}
