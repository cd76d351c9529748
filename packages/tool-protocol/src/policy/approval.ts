import { AgentInstanceId, SafeIntegerSchema, SessionGeneration } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { CapabilityRequestKeySchema } from '../request/capability-request-key.js';
import { toolCodec } from '../schema/tool-codec.js';

/** An approver's answer to a request awaiting approval. */
export const ApprovalDecisionSchema = Type.Union([
  Type.Literal('approve-once'),
  Type.Literal('deny'),
]);

/** An approver's answer (upstream `ApprovalDecision`). */
export type ApprovalDecision = StaticDecode<typeof ApprovalDecisionSchema>;

/**
 * An approval for one exact request: it must quote the request's accepted sequence and the
 * instance and generation it was accepted under.
 */
export const ApprovalResolutionSchema = Type.Object({
  requestKey: CapabilityRequestKeySchema,
  acceptedSequence: SafeIntegerSchema,
  instanceId: AgentInstanceId.schema,
  generation: SessionGeneration.schema,
  decision: ApprovalDecisionSchema,
});

/** An approval for one exact request (upstream `ApprovalResolution`). */
export type ApprovalResolution = StaticDecode<typeof ApprovalResolutionSchema>;

/** Schema and codec of {@link ApprovalResolution}. */
export const ApprovalResolution = {
  schema: ApprovalResolutionSchema,
  codec: toolCodec('ApprovalResolution', ApprovalResolutionSchema),
};
