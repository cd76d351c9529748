import { SessionGeneration } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';

/** Why the policy refused a request. */
export const PolicyDenialSchema = Type.Union([
  Type.Object({ kind: Type.Literal('unknown-instance') }),
  Type.Object({ kind: Type.Literal('inactive-instance') }),
  Type.Object({ kind: Type.Literal('stale-generation'), current: SessionGeneration.schema }),
  Type.Object({ kind: Type.Literal('unknown-provider') }),
  Type.Object({ kind: Type.Literal('unknown-capability') }),
  Type.Object({ kind: Type.Literal('provider-owner-mismatch') }),
  Type.Object({ kind: Type.Literal('missing-grant') }),
]);

/** Why the policy refused a request (upstream `PolicyDenial`). */
export type PolicyDenial = StaticDecode<typeof PolicyDenialSchema>;
