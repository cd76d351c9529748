import { Nullable, SessionGeneration } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { CancellationDispositionSchema } from '../completion/cancellation-disposition.js';
import { ToolOperationId } from '../id/numeric-ids.js';
import { PolicyDenialSchema } from '../policy/policy-denial.js';
import { CapabilityResultMetadataSchema } from '../result/capability-result-metadata.js';
import { ToolFailureSchema } from '../result/tool-failure.js';
import { toolCodec } from '../schema/tool-codec.js';

const OptionalOperationIdSchema = Nullable(ToolOperationId.schema);

const closed = <K extends string>(kind: K) =>
  Type.Object({
    kind: Type.Literal(kind),
    operationId: OptionalOperationIdSchema,
    cancellation: CancellationDispositionSchema,
  });

/** Where a request stands; a succeeded one keeps only its result's metadata, never the bytes. */
export const CapabilityRequestStatusSchema = Type.Union([
  Type.Object({ kind: Type.Literal('denied'), reason: PolicyDenialSchema }),
  Type.Object({ kind: Type.Literal('awaiting-approval') }),
  Type.Object({ kind: Type.Literal('dispatched'), operationId: ToolOperationId.schema }),
  Type.Object({
    kind: Type.Literal('succeeded'),
    operationId: ToolOperationId.schema,
    result: CapabilityResultMetadataSchema,
  }),
  Type.Object({
    kind: Type.Literal('failed'),
    operationId: ToolOperationId.schema,
    failure: ToolFailureSchema,
  }),
  Type.Object({ kind: Type.Literal('approval-denied') }),
  closed('grant-revoked'),
  closed('timed-out'),
  Type.Object({
    kind: Type.Literal('superseded'),
    operationId: OptionalOperationIdSchema,
    cancellation: CancellationDispositionSchema,
    currentGeneration: SessionGeneration.schema,
  }),
  closed('instance-closed'),
  closed('client-closed'),
  closed('client-cancelled'),
  closed('provider-detached'),
]);

/** Where a request stands (upstream `CapabilityRequestStatus`). */
export type CapabilityRequestStatus = StaticDecode<typeof CapabilityRequestStatusSchema>;

/** Schema, codec and predicate of {@link CapabilityRequestStatus}. */
export const CapabilityRequestStatus = {
  schema: CapabilityRequestStatusSchema,
  codec: toolCodec('CapabilityRequestStatus', CapabilityRequestStatusSchema),
  /** True for every status except `awaiting-approval` and `dispatched`. */
  isTerminal: (status: CapabilityRequestStatus): boolean =>
    status.kind !== 'awaiting-approval' && status.kind !== 'dispatched',
};
