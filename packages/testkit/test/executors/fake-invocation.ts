import {
  ProviderCancellationFlag,
  ProviderCancellationToken,
  type ProviderInvocation,
} from '@gate4agent/handle';
import {
  CapabilityRequestId,
  ConsumerId,
  ProviderBindingId,
  ResourceScopeId,
  ToolActorId,
  ToolCapabilityId,
  ToolOperationId,
} from '@gate4agent/tool-protocol';

/** A plain invocation ticket for executor tests (no control plane behind it). */
export function fakeInvocation(operationId: number, bindingId = 1): ProviderInvocation {
  const token = new ProviderCancellationToken(new ProviderCancellationFlag());
  const requestKey = {
    consumerId: ConsumerId.of('consumer-1'),
    actorId: ToolActorId.of('agent.physical-e2e'),
    localId: CapabilityRequestId.of(operationId),
  };
  return {
    bindingId: () => ProviderBindingId.of(bindingId),
    operationId: () => ToolOperationId.of(operationId),
    requestKey: () => requestKey,
    capabilityId: () => ToolCapabilityId.of('browser.snapshot'),
    deadlineTick: () => 10_000,
    resourceScopeId: () => ResourceScopeId.of('page.active'),
    payload: () => new TextEncoder().encode('{"scope":"active-page"}'),
    cancellationToken: () => token,
  };
}
