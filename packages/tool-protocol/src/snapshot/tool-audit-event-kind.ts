import { AgentInstanceId, Nullable, SafeIntegerSchema, SessionGeneration } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { CapabilityOwnerSchema } from '../catalog/capability-owner.js';
import { CancellationDispositionSchema } from '../completion/cancellation-disposition.js';
import { CompletionDropReasonSchema } from '../completion/completion-drop-reason.js';
import { ToolOperationId } from '../id/numeric-ids.js';
import { ConsumerId, ToolActorId, ToolProviderId } from '../id/tool-ids.js';
import { ApprovalDecisionSchema } from '../policy/approval.js';
import { PolicyDecisionSchema } from '../policy/policy-decision.js';
import { PolicyGrantSchema } from '../policy/policy-grant.js';
import { PolicyKeySchema } from '../policy/policy-key.js';
import { ToolFailureKindSchema } from '../result/tool-failure.js';
import { ObservationIgnoredReasonSchema } from './capability-observation-disposition.js';
import { ToolInstanceStateSchema } from './tool-instance-state.js';

const OptionalOperationIdSchema = Nullable(ToolOperationId.schema);

const requestClosed = <K extends string>(kind: K) =>
  Type.Object({
    kind: Type.Literal(kind),
    operationId: OptionalOperationIdSchema,
    cancellation: CancellationDispositionSchema,
  });

/** What an audit event records. Payloads and results appear only as byte counts. */
export const ToolAuditEventKindSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('provider-registered'),
    providerId: ToolProviderId.schema,
    owner: CapabilityOwnerSchema,
    capabilityCount: SafeIntegerSchema,
  }),
  Type.Object({ kind: Type.Literal('grant-set'), grant: PolicyGrantSchema }),
  Type.Object({ kind: Type.Literal('grant-revoked'), key: PolicyKeySchema }),
  Type.Object({
    kind: Type.Literal('generation-advanced'),
    instanceId: AgentInstanceId.schema,
    previous: Nullable(SessionGeneration.schema),
    current: SessionGeneration.schema,
    purgedGrantCount: SafeIntegerSchema,
  }),
  Type.Object({
    kind: Type.Literal('instance-state-changed'),
    instanceId: AgentInstanceId.schema,
    generation: SessionGeneration.schema,
    state: ToolInstanceStateSchema,
    purgedGrantCount: SafeIntegerSchema,
  }),
  Type.Object({
    kind: Type.Literal('instance-removed'),
    instanceId: AgentInstanceId.schema,
    previousGeneration: SessionGeneration.schema,
    purgedGrantCount: SafeIntegerSchema,
  }),
  Type.Object({
    kind: Type.Literal('client-closed'),
    consumerId: ConsumerId.schema,
    actorId: ToolActorId.schema,
    purgedGrantCount: SafeIntegerSchema,
    closedRequestCount: SafeIntegerSchema,
  }),
  Type.Object({
    kind: Type.Literal('request-evaluated'),
    decision: PolicyDecisionSchema,
    payloadBytes: SafeIntegerSchema,
  }),
  Type.Object({ kind: Type.Literal('approval-resolved'), decision: ApprovalDecisionSchema }),
  requestClosed('request-grant-revoked'),
  Type.Object({ kind: Type.Literal('invocation-dispatched'), operationId: ToolOperationId.schema }),
  Type.Object({
    kind: Type.Literal('invocation-succeeded'),
    operationId: ToolOperationId.schema,
    resultBytes: SafeIntegerSchema,
    truncated: Type.Boolean(),
  }),
  Type.Object({
    kind: Type.Literal('invocation-failed'),
    operationId: ToolOperationId.schema,
    failureKind: ToolFailureKindSchema,
  }),
  requestClosed('request-timed-out'),
  Type.Object({
    kind: Type.Literal('request-superseded'),
    operationId: OptionalOperationIdSchema,
    cancellation: CancellationDispositionSchema,
    currentGeneration: SessionGeneration.schema,
  }),
  requestClosed('request-instance-closed'),
  requestClosed('request-client-closed'),
  requestClosed('request-client-cancelled'),
  requestClosed('request-provider-detached'),
  Type.Object({
    kind: Type.Literal('completion-dropped'),
    completionSequence: Nullable(SafeIntegerSchema),
    reason: CompletionDropReasonSchema,
  }),
  Type.Object({
    kind: Type.Literal('observation-ignored'),
    operationId: ToolOperationId.schema,
    reason: ObservationIgnoredReasonSchema,
  }),
]);

/** What an audit event records (upstream `ToolAuditEventKind`). */
export type ToolAuditEventKind = StaticDecode<typeof ToolAuditEventKindSchema>;
