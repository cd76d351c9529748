import type { ProviderInvocation } from '@gate4agent/handle';
import { createWireCodec, SafeIntegerSchema } from '@gate4agent/types';
import Type, { type Static } from 'typebox';

/** Tag of the invocation document's format. */
export const PROVIDER_INVOCATION_PROTOCOL = 'gate4agent.provider-invocation.v1';

const BASE64 = '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$';

/** TypeBox schema of {@link ProviderInvocationDocument}; unknown keys are rejected. */
export const ProviderInvocationDocumentSchema = Type.Object(
  {
    protocol: Type.Literal(PROVIDER_INVOCATION_PROTOCOL),
    bindingId: SafeIntegerSchema,
    operationId: SafeIntegerSchema,
    requestKey: Type.Object(
      {
        consumerId: Type.String(),
        actorId: Type.String(),
        localId: SafeIntegerSchema,
      },
      { additionalProperties: false },
    ),
    capabilityId: Type.String(),
    resourceScopeId: Type.String(),
    deadlineTick: SafeIntegerSchema,
    payloadBase64: Type.String({ pattern: BASE64 }),
  },
  { additionalProperties: false },
);

/**
 * The JSON document (one line) the child-process executor writes to a provider child's stdin
 * before closing it: the invocation's identity, capability, scope and deadline, and its payload
 * as base64.
 */
export type ProviderInvocationDocument = Static<typeof ProviderInvocationDocumentSchema>;

/**
 * The wire codec of the invocation document: a provider written in TypeScript decodes its stdin
 * with it (violations name the offending field).
 */
export const ProviderInvocationDocumentCodec = createWireCodec(
  'ProviderInvocationDocument',
  ProviderInvocationDocumentSchema,
);

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
