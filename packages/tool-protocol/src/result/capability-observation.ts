import type { Result } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import type { ToolValidationError } from '../errors.js';
import { redactedObject } from '../redaction/redact.js';
import { redactedValue } from '../redaction/redacted-schema.js';
import { toolCodec } from '../schema/tool-codec.js';
import { CapabilityResult, CapabilityResultSchema } from './capability-result.js';
import { ToolFailure, ToolFailureSchema } from './tool-failure.js';

/** What a provider reports for one operation; redacted from logs. */
export const CapabilityObservationSchema = Type.Union([
  Type.Object({ kind: Type.Literal('succeeded'), result: CapabilityResultSchema }),
  Type.Object({ kind: Type.Literal('failed'), failure: ToolFailureSchema }),
]);

/** What a provider reports for one operation (upstream `CapabilityObservation`). */
export type CapabilityObservation = StaticDecode<typeof CapabilityObservationSchema>;

/** Schema, codec, constructors and validator of {@link CapabilityObservation}. */
export const CapabilityObservation = {
  schema: CapabilityObservationSchema,
  codec: toolCodec('CapabilityObservation', CapabilityObservationSchema, { redacted: true }),
  /** A success carrying `result`; redacted from logs. */
  succeeded: (result: CapabilityResult): CapabilityObservation => {
    const observation = redactedObject<Extract<CapabilityObservation, { kind: 'succeeded' }>>();
    observation.kind = 'succeeded';
    observation.result = result;
    return redactedValue(CapabilityObservationSchema, observation);
  },
  /** A failure; redacted from logs. */
  failed: (failure: ToolFailure): CapabilityObservation => {
    const observation = redactedObject<Extract<CapabilityObservation, { kind: 'failed' }>>();
    observation.kind = 'failed';
    observation.failure = failure;
    return observation;
  },
  /** The result's or the failure's own validation. */
  validate: (observation: CapabilityObservation): Result<void, ToolValidationError> =>
    observation.kind === 'succeeded'
      ? CapabilityResult.validate(observation.result)
      : ToolFailure.validate(observation.failure),
};
