import {
  AgentInstanceId,
  Nullable,
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
import { CapabilityTerminalOutcomeSchema } from './capability-terminal-outcome.js';

/**
 * The terminal completion of one request; `operationId` is null when it never reached dispatch.
 * Redacted from logs.
 */
export const CapabilityCompletionEnvelopeSchema = Type.Object({
  protocolVersion: U16Schema,
  sequence: SafeIntegerSchema,
  acceptedSequence: SafeIntegerSchema,
  operationId: Nullable(ToolOperationId.schema),
  requestKey: CapabilityRequestKeySchema,
  instanceId: AgentInstanceId.schema,
  generation: SessionGeneration.schema,
  providerId: ToolProviderId.schema,
  outcome: CapabilityTerminalOutcomeSchema,
});

/** The terminal completion of one request (upstream `CapabilityCompletionEnvelope`). */
export type CapabilityCompletionEnvelope = StaticDecode<typeof CapabilityCompletionEnvelopeSchema>;

/** Schema, codec and constructor of {@link CapabilityCompletionEnvelope}. */
export const CapabilityCompletionEnvelope = {
  schema: CapabilityCompletionEnvelopeSchema,
  codec: toolCodec('CapabilityCompletionEnvelope', CapabilityCompletionEnvelopeSchema, {
    redacted: true,
  }),
  /** A copy of `fields` redacted from `inspect` and `toJSON`. */
  of: (fields: CapabilityCompletionEnvelope): CapabilityCompletionEnvelope => {
    const value = redactedObject<CapabilityCompletionEnvelope>();
    value.protocolVersion = fields.protocolVersion;
    value.sequence = fields.sequence;
    value.acceptedSequence = fields.acceptedSequence;
    value.operationId = fields.operationId;
    value.requestKey = fields.requestKey;
    value.instanceId = fields.instanceId;
    value.generation = fields.generation;
    value.providerId = fields.providerId;
    value.outcome = fields.outcome;
    return redactedValue(CapabilityCompletionEnvelopeSchema, value);
  },
};
