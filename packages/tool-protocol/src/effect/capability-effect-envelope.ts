import {
  AgentInstanceId,
  SafeIntegerSchema,
  SessionGeneration,
  U16Schema,
} from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { ToolOperationId } from '../id/numeric-ids.js';
import { ToolProviderId } from '../id/tool-ids.js';
import { redactedObject } from '../redaction/redact.js';
import { redactedValue } from '../redaction/redacted-schema.js';
import { CapabilityRequestKeySchema } from '../request/capability-request-key.js';
import { toolCodec } from '../schema/tool-codec.js';
import { CapabilityEffectSchema } from './capability-effect.js';

/** One effect for one operation, with its routing context; redacted from logs. */
export const CapabilityEffectEnvelopeSchema = Type.Object({
  protocolVersion: U16Schema,
  sequence: SafeIntegerSchema,
  operationId: ToolOperationId.schema,
  requestKey: CapabilityRequestKeySchema,
  instanceId: AgentInstanceId.schema,
  generation: SessionGeneration.schema,
  providerId: ToolProviderId.schema,
  deadlineTick: SafeIntegerSchema,
  effect: CapabilityEffectSchema,
});

/** One effect with its routing context (upstream `CapabilityEffectEnvelope`). */
export type CapabilityEffectEnvelope = StaticDecode<typeof CapabilityEffectEnvelopeSchema>;

/** Schema, codec and constructor of {@link CapabilityEffectEnvelope} (it has no validator). */
export const CapabilityEffectEnvelope = {
  schema: CapabilityEffectEnvelopeSchema,
  codec: toolCodec('CapabilityEffectEnvelope', CapabilityEffectEnvelopeSchema, { redacted: true }),
  /** A copy of `fields` redacted from `inspect` and `toJSON`. */
  of: (fields: CapabilityEffectEnvelope): CapabilityEffectEnvelope => {
    const value = redactedObject<CapabilityEffectEnvelope>();
    value.protocolVersion = fields.protocolVersion;
    value.sequence = fields.sequence;
    value.operationId = fields.operationId;
    value.requestKey = fields.requestKey;
    value.instanceId = fields.instanceId;
    value.generation = fields.generation;
    value.providerId = fields.providerId;
    value.deadlineTick = fields.deadlineTick;
    value.effect = fields.effect;
    return redactedValue(CapabilityEffectEnvelopeSchema, value);
  },
};
