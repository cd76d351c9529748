import Type, { type StaticDecode } from 'typebox';

/** Why the engine cancels an invocation already handed to a provider. */
export const InvocationCancelReasonSchema = Type.Union([
  Type.Literal('deadline-elapsed'),
  Type.Literal('generation-superseded'),
  Type.Literal('grant-revoked'),
  Type.Literal('instance-closed'),
  Type.Literal('client-closed'),
  Type.Literal('client-cancelled'),
]);

/** Why the engine cancels an invocation (upstream `InvocationCancelReason`). */
export type InvocationCancelReason = StaticDecode<typeof InvocationCancelReasonSchema>;
