import { SafeIntegerSchema } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { CapabilityRequestKeySchema } from '../request/capability-request-key.js';
import { toolCodec } from '../schema/tool-codec.js';

/** What an applied authority command did. */
export const ToolAuthorityOutcomeSchema = Type.Union([
  Type.Object({ kind: Type.Literal('grant-set') }),
  Type.Object({ kind: Type.Literal('grant-revoked'), existed: Type.Boolean() }),
  Type.Object({ kind: Type.Literal('approval-resolved') }),
  Type.Object({
    kind: Type.Literal('approval-expired'),
    requestKey: CapabilityRequestKeySchema,
    acceptedSequence: SafeIntegerSchema,
  }),
  Type.Object({
    kind: Type.Literal('client-closed'),
    purgedGrantCount: SafeIntegerSchema,
    closedRequestCount: SafeIntegerSchema,
  }),
]);

/** What an applied authority command did (upstream `ToolAuthorityOutcome`). */
export type ToolAuthorityOutcome = StaticDecode<typeof ToolAuthorityOutcomeSchema>;

/** Schema and codec of {@link ToolAuthorityOutcome}. */
export const ToolAuthorityOutcome = {
  schema: ToolAuthorityOutcomeSchema,
  codec: toolCodec('ToolAuthorityOutcome', ToolAuthorityOutcomeSchema),
};
