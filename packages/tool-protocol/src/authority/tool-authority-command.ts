import Type, { type StaticDecode } from 'typebox';
import { ConsumerId, ToolActorId } from '../id/tool-ids.js';
import { ApprovalResolutionSchema } from '../policy/approval.js';
import { PolicyGrantSchema } from '../policy/policy-grant.js';
import { PolicyKeySchema } from '../policy/policy-key.js';

/**
 * What the policy authority asks of the engine: insert or replace a grant, revoke one (requests
 * in flight under it end `grant-revoked`), resolve an approval, or close a client.
 */
export const ToolAuthorityCommandSchema = Type.Union([
  Type.Object({ kind: Type.Literal('set-grant'), grant: PolicyGrantSchema }),
  Type.Object({ kind: Type.Literal('revoke-grant'), key: PolicyKeySchema }),
  Type.Object({ kind: Type.Literal('resolve-approval'), resolution: ApprovalResolutionSchema }),
  Type.Object({
    kind: Type.Literal('close-client'),
    consumerId: ConsumerId.schema,
    actorId: ToolActorId.schema,
  }),
]);

/** A policy-authority command (upstream `ToolAuthorityCommand`). */
export type ToolAuthorityCommand = StaticDecode<typeof ToolAuthorityCommandSchema>;
