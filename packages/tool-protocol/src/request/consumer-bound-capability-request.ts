import { type Result, U16Schema } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { CAPABILITY_PROTOCOL_VERSION } from '../constants.js';
import type { ToolValidationError } from '../errors.js';
import { ConsumerId, ToolActorId } from '../id/tool-ids.js';
import { validateProtocolVersion } from '../protocol-version.js';
import { redactedObject } from '../redaction/redact.js';
import { redactedValue } from '../redaction/redacted-schema.js';
import { toolCodec } from '../schema/tool-codec.js';
import {
  CapabilityRequestInput,
  CapabilityRequestInputSchema,
} from './capability-request-input.js';
import type { CapabilityRequestKey } from './capability-request-key.js';

/** A request bound to the consumer and actor that submitted it; redacted from logs. */
export const ConsumerBoundCapabilityRequestSchema = Type.Object({
  protocolVersion: U16Schema,
  consumerId: ConsumerId.schema,
  actorId: ToolActorId.schema,
  request: CapabilityRequestInputSchema,
});

/** A request bound to its consumer and actor (upstream `ConsumerBoundCapabilityRequest`). */
export type ConsumerBoundCapabilityRequest = StaticDecode<
  typeof ConsumerBoundCapabilityRequestSchema
>;

/** Schema, codec, constructor, key and validator of {@link ConsumerBoundCapabilityRequest}. */
export const ConsumerBoundCapabilityRequest = {
  schema: ConsumerBoundCapabilityRequestSchema,
  codec: toolCodec('ConsumerBoundCapabilityRequest', ConsumerBoundCapabilityRequestSchema, {
    redacted: true,
  }),
  /** Binds `request` to its client at {@link CAPABILITY_PROTOCOL_VERSION}; redacted from logs. */
  new: (
    consumerId: ConsumerId,
    actorId: ToolActorId,
    request: CapabilityRequestInput,
  ): ConsumerBoundCapabilityRequest => {
    const bound = redactedObject<ConsumerBoundCapabilityRequest>();
    bound.protocolVersion = CAPABILITY_PROTOCOL_VERSION;
    bound.consumerId = consumerId;
    bound.actorId = actorId;
    bound.request = request;
    return redactedValue(ConsumerBoundCapabilityRequestSchema, bound);
  },
  /** The request's global key: consumer, actor and the client's local id. */
  key: (bound: ConsumerBoundCapabilityRequest): CapabilityRequestKey => ({
    consumerId: bound.consumerId,
    actorId: bound.actorId,
    localId: bound.request.localId,
  }),
  /** The protocol version, then the request input's own validation. */
  validate(
    bound: ConsumerBoundCapabilityRequest,
    currentTick: number,
  ): Result<void, ToolValidationError> {
    const version = validateProtocolVersion(bound.protocolVersion);
    return version.ok ? CapabilityRequestInput.validate(bound.request, currentTick) : version;
  },
};

/** Upstream's alias: a capability request is a consumer-bound one. */
export type CapabilityRequest = ConsumerBoundCapabilityRequest;
/** Upstream's alias of {@link ConsumerBoundCapabilityRequest}. */
export const CapabilityRequest = ConsumerBoundCapabilityRequest;
