import Type, { type StaticDecode } from 'typebox';

/** Whether a grant admits requests directly or after an approval. */
export const GrantModeSchema = Type.Union([
  Type.Literal('allow'),
  Type.Literal('require-approval'),
]);

/** Whether a grant admits requests directly or after an approval (upstream `GrantMode`). */
export type GrantMode = StaticDecode<typeof GrantModeSchema>;
