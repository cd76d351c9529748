import { AgentInstanceId, SafeIntegerSchema, SessionGeneration } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { ResourceScopeId, ToolCapabilityId, ToolProviderId } from '../id/tool-ids.js';
import { PolicyDecisionSchema } from '../policy/policy-decision.js';
import { CapabilityRequestKeySchema } from '../request/capability-request-key.js';
import { toolCodec } from '../schema/tool-codec.js';
import { CapabilityRequestStatusSchema } from './capability-request-status.js';

/**
 * A request as the engine snapshot shows it. The approval summary is kept on purpose (it is
 * bounded text for a trusted approval surface); the payload appears only as a byte count.
 */
export const CapabilityRequestSnapshotSchema = Type.Object({
  key: CapabilityRequestKeySchema,
  acceptedSequence: SafeIntegerSchema,
  acceptedAtTick: SafeIntegerSchema,
  instanceId: AgentInstanceId.schema,
  generation: SessionGeneration.schema,
  providerId: ToolProviderId.schema,
  capabilityId: ToolCapabilityId.schema,
  resourceScopeId: ResourceScopeId.schema,
  approvalSummary: Type.String(),
  approvalSummaryBytes: SafeIntegerSchema,
  deadlineTick: SafeIntegerSchema,
  payloadBytes: SafeIntegerSchema,
  policyDecision: PolicyDecisionSchema,
  status: CapabilityRequestStatusSchema,
});

/** A request in the engine snapshot (upstream `CapabilityRequestSnapshot`). */
export type CapabilityRequestSnapshot = StaticDecode<typeof CapabilityRequestSnapshotSchema>;

/** Schema and codec of {@link CapabilityRequestSnapshot}. */
export const CapabilityRequestSnapshot = {
  schema: CapabilityRequestSnapshotSchema,
  codec: toolCodec('CapabilityRequestSnapshot', CapabilityRequestSnapshotSchema),
};
