import { SafeIntegerSchema } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { toolCodec } from '../schema/tool-codec.js';
import { CapabilityCompletionEnvelopeSchema } from './capability-completion-envelope.js';

/** One drain of the completion queue, with drop counters and the sequence state. */
export const CapabilityCompletionBatchSchema = Type.Object({
  completions: Type.Array(CapabilityCompletionEnvelopeSchema),
  droppedSinceLastDrain: SafeIntegerSchema,
  totalDropped: SafeIntegerSchema,
  nextSequence: SafeIntegerSchema,
  sequenceExhausted: Type.Boolean(),
});

/** One drain of the completion queue (upstream `CapabilityCompletionBatch`). */
export type CapabilityCompletionBatch = StaticDecode<typeof CapabilityCompletionBatchSchema>;

/** Schema and codec of {@link CapabilityCompletionBatch}. */
export const CapabilityCompletionBatch = {
  schema: CapabilityCompletionBatchSchema,
  codec: toolCodec('CapabilityCompletionBatch', CapabilityCompletionBatchSchema),
};
