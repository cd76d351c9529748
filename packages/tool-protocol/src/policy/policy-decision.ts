import Type, { type StaticDecode } from 'typebox';
import { PolicyDenialSchema } from './policy-denial.js';

/** The policy's answer to an admitted request. */
export const PolicyDecisionSchema = Type.Union([
  Type.Object({ kind: Type.Literal('deny'), reason: PolicyDenialSchema }),
  Type.Object({ kind: Type.Literal('require-approval') }),
  Type.Object({ kind: Type.Literal('allow') }),
]);

/** The policy's answer to an admitted request (upstream `PolicyDecision`). */
export type PolicyDecision = StaticDecode<typeof PolicyDecisionSchema>;
