import { AgentInstanceId, err, type Result, SessionGeneration, U16Schema } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { ToolValidationError } from '../errors.js';
import { ToolOperationId } from '../id/numeric-ids.js';
import { ToolProviderId } from '../id/tool-ids.js';
import { validateProtocolVersion } from '../protocol-version.js';
import { redactedObject } from '../redaction/redact.js';
import { redactedValue } from '../redaction/redacted-schema.js';
import { CapabilityRequestKeySchema } from '../request/capability-request-key.js';
import { toolCodec } from '../schema/tool-codec.js';
import { CapabilityObservation, CapabilityObservationSchema } from './capability-observation.js';

/** An observation with the operation and request it answers; redacted from logs. */
export const CapabilityObservationEnvelopeSchema = Type.Object({
  protocolVersion: U16Schema,
  operationId: ToolOperationId.schema,
  requestKey: CapabilityRequestKeySchema,
  instanceId: AgentInstanceId.schema,
  generation: SessionGeneration.schema,
  providerId: ToolProviderId.schema,
  observation: CapabilityObservationSchema,
});

/** An observation with its routing context (upstream `CapabilityObservationEnvelope`). */
export type CapabilityObservationEnvelope = StaticDecode<
  typeof CapabilityObservationEnvelopeSchema
>;

/** Schema, codec, constructor and validator of {@link CapabilityObservationEnvelope}. */
export const CapabilityObservationEnvelope = {
  schema: CapabilityObservationEnvelopeSchema,
  codec: toolCodec('CapabilityObservationEnvelope', CapabilityObservationEnvelopeSchema, {
    redacted: true,
  }),
  /** A copy of `fields` redacted from `inspect` and `toJSON`. */
  of: (fields: CapabilityObservationEnvelope): CapabilityObservationEnvelope => {
    const value = redactedObject<CapabilityObservationEnvelope>();
    value.protocolVersion = fields.protocolVersion;
    value.operationId = fields.operationId;
    value.requestKey = fields.requestKey;
    value.instanceId = fields.instanceId;
    value.generation = fields.generation;
    value.providerId = fields.providerId;
    value.observation = fields.observation;
    return redactedValue(CapabilityObservationEnvelopeSchema, value);
  },
  /** The protocol version, operation id 0 → `zero-identifier`, then the observation itself. */
  validate(envelope: CapabilityObservationEnvelope): Result<void, ToolValidationError> {
    const version = validateProtocolVersion(envelope.protocolVersion);
    if (!version.ok) return version;
    if (envelope.operationId === 0)
      return err(ToolValidationError.zeroIdentifier('tool operation id'));
    return CapabilityObservation.validate(envelope.observation);
  },
};
