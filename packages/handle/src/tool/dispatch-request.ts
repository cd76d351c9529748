import {
  type CapabilityRequestInput,
  type CapabilityRequestKey,
  ConsumerBoundCapabilityRequest,
  ProviderBoundCapabilityRequest,
} from '@gate4agent/tool-protocol';
import { err, handOffChecked, ok, type Result } from '@gate4agent/types';
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
  // Built from the checked copy (so the caller cannot change what was validated and queued) and
  // the client's own checked ids: the kernel's step check takes it as it is (checked once).
  const bound = ProviderBoundCapabilityRequest.new(
    bindingId,
    ConsumerBoundCapabilityRequest.new(client.consumerId, client.actorId, request),
  );
  handOffChecked(ProviderBoundCapabilityRequest.codec, bound);
  const sent = client.authority.ingress.trySend({ kind: 'tool-request', request: bound });
  if (!sent.ok) {
    return err(
      sent.error.kind === 'full'
        ? ToolClientDispatchError.full()
        : ToolClientDispatchError.disconnected(),
    );
  }
  return ok(key);
}
