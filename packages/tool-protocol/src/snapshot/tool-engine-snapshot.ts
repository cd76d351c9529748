import {
  AgentInstanceId,
  SafeIntegerSchema,
  SessionGeneration,
  U16Schema,
} from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { CapabilityProviderDescriptorSchema } from '../catalog/capability-provider-descriptor.js';
import { PolicyGrantSchema } from '../policy/policy-grant.js';
import { toolCodec } from '../schema/tool-codec.js';
import { CapabilityRequestSnapshotSchema } from './capability-request-snapshot.js';
import { ToolAuditEventSchema } from './tool-audit-event.js';
import { ToolInstanceStateSchema } from './tool-instance-state.js';

/**
 * The whole tool engine as data, free of payloads. Lists follow upstream's sorted maps (grants by
 * `comparePolicyKey`, requests by `compareCapabilityRequestKey`); pairs are `[id, value]` arrays.
 */
export const ToolEngineSnapshotSchema = Type.Object({
  protocolVersion: U16Schema,
  revision: SafeIntegerSchema,
  currentTick: SafeIntegerSchema,
  generations: Type.Array(Type.Tuple([AgentInstanceId.schema, SessionGeneration.schema])),
  instanceStates: Type.Array(Type.Tuple([AgentInstanceId.schema, ToolInstanceStateSchema])),
  providers: Type.Array(CapabilityProviderDescriptorSchema),
  grants: Type.Array(PolicyGrantSchema),
  requests: Type.Array(CapabilityRequestSnapshotSchema),
  auditEvents: Type.Array(ToolAuditEventSchema),
  droppedAuditEvents: SafeIntegerSchema,
  revisionOverflowCount: SafeIntegerSchema,
  nextCompletionSequence: SafeIntegerSchema,
  droppedCompletions: SafeIntegerSchema,
  effectSequenceExhausted: Type.Boolean(),
  completionSequenceExhausted: Type.Boolean(),
  auditSequenceExhausted: Type.Boolean(),
});

/** The whole tool engine as data (upstream `ToolEngineSnapshot`). */
export type ToolEngineSnapshot = StaticDecode<typeof ToolEngineSnapshotSchema>;

/** Schema and codec of {@link ToolEngineSnapshot}. */
export const ToolEngineSnapshot = {
  schema: ToolEngineSnapshotSchema,
  codec: toolCodec('ToolEngineSnapshot', ToolEngineSnapshotSchema),
};
