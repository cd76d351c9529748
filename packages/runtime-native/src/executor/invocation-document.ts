import type { ProviderInvocation } from '@gate4agent/handle';

/** Tag of the invocation document's format. */
export const PROVIDER_INVOCATION_PROTOCOL = 'gate4agent.provider-invocation.v1';

/**
 * The JSON document (one line) the child-process executor writes to a provider child's stdin
 * before closing it: the invocation's identity, capability, scope and deadline, and its payload
 * as base64.
 */
export interface ProviderInvocationDocument {
  readonly protocol: typeof PROVIDER_INVOCATION_PROTOCOL;
  readonly bindingId: number;
  readonly operationId: number;
  readonly requestKey: {
    readonly consumerId: string;
    readonly actorId: string;
    readonly localId: number;
  };
  readonly capabilityId: string;
  readonly resourceScopeId: string;
  readonly deadlineTick: number;
  readonly payloadBase64: string;
}

/** The stdin document for `invocation`, newline-terminated. */
export function encodeInvocationDocument(invocation: ProviderInvocation): string {
  const key = invocation.requestKey();
  const document: ProviderInvocationDocument = {
    protocol: PROVIDER_INVOCATION_PROTOCOL,
    bindingId: invocation.bindingId(),
    operationId: invocation.operationId(),
    requestKey: { consumerId: key.consumerId, actorId: key.actorId, localId: key.localId },
    capabilityId: invocation.capabilityId(),
    resourceScopeId: invocation.resourceScopeId(),
    deadlineTick: invocation.deadlineTick(),
    payloadBase64: Buffer.from(invocation.payload()).toString('base64'),
  };
  return `${JSON.stringify(document)}\n`;
}
