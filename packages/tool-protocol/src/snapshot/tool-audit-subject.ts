import { AgentInstanceId, SafeIntegerSchema, SessionGeneration } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { ResourceScopeId, ToolCapabilityId, ToolProviderId } from '../id/tool-ids.js';
import { CapabilityRequestKeySchema } from '../request/capability-request-key.js';

/** The request an audit event is about. */
export const ToolAuditSubjectSchema = Type.Object({
  requestKey: CapabilityRequestKeySchema,
  acceptedSequence: SafeIntegerSchema,
  instanceId: AgentInstanceId.schema,
  generation: SessionGeneration.schema,
  providerId: ToolProviderId.schema,
  capabilityId: ToolCapabilityId.schema,
  resourceScopeId: ResourceScopeId.schema,
});

/** The request an audit event is about (upstream `ToolAuditSubject`). */
export type ToolAuditSubject = StaticDecode<typeof ToolAuditSubjectSchema>;
