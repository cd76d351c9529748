import { err, Nullable, ok, type Result } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { ToolValidationError } from '../errors.js';
import { ProviderBindingId } from '../id/numeric-ids.js';
import { redactedObject } from '../redaction/redact.js';
import { redactedValue } from '../redaction/redacted-schema.js';
import { toolCodec } from '../schema/tool-codec.js';
import type { CapabilityRequestKey } from './capability-request-key.js';
import {
  ConsumerBoundCapabilityRequest,
  ConsumerBoundCapabilityRequestSchema,
} from './consumer-bound-capability-request.js';

/** A consumer-bound request, optionally pinned to one provider binding; redacted from logs. */
export const ProviderBoundCapabilityRequestSchema = Type.Object({
  providerBindingId: Nullable(ProviderBindingId.schema),
  request: ConsumerBoundCapabilityRequestSchema,
});

/** A request pinned to a provider binding (upstream `ProviderBoundCapabilityRequest`). */
export type ProviderBoundCapabilityRequest = StaticDecode<
  typeof ProviderBoundCapabilityRequestSchema
>;

function validateProviderBinding(
  bound: ProviderBoundCapabilityRequest,
): Result<void, ToolValidationError> {
  return bound.providerBindingId === 0
    ? err(ToolValidationError.zeroIdentifier('provider binding id'))
    : ok();
}

/** Schema, codec, constructor, key and validators of {@link ProviderBoundCapabilityRequest}. */
export const ProviderBoundCapabilityRequest = {
  schema: ProviderBoundCapabilityRequestSchema,
  codec: toolCodec('ProviderBoundCapabilityRequest', ProviderBoundCapabilityRequestSchema, {
    redacted: true,
  }),
  /** Pins `request` to `providerBindingId` (or to none); redacted from logs. */
  new: (
    providerBindingId: ProviderBindingId | null,
    request: ConsumerBoundCapabilityRequest,
  ): ProviderBoundCapabilityRequest => {
    const bound = redactedObject<ProviderBoundCapabilityRequest>();
    bound.providerBindingId = providerBindingId;
    bound.request = request;
    return redactedValue(ProviderBoundCapabilityRequestSchema, bound);
  },
  /** The inner request's key. */
  key: (bound: ProviderBoundCapabilityRequest): CapabilityRequestKey =>
    ConsumerBoundCapabilityRequest.key(bound.request),
  /** A binding of 0 → `zero-identifier` ("provider binding id"); no binding is fine. */
  validateProviderBinding,
  /** The binding, then the inner request. */
  validate(
    bound: ProviderBoundCapabilityRequest,
    currentTick: number,
  ): Result<void, ToolValidationError> {
    const binding = validateProviderBinding(bound);
    return binding.ok
      ? ConsumerBoundCapabilityRequest.validate(bound.request, currentTick)
      : binding;
  },
};
