import Type, { type StaticDecode } from 'typebox';

/** Whether an agent instance may use tools. */
export const ToolInstanceStateSchema = Type.Union([
  Type.Literal('active'),
  Type.Literal('inactive'),
]);

/** Whether an agent instance may use tools (upstream `ToolInstanceState`). */
export type ToolInstanceState = StaticDecode<typeof ToolInstanceStateSchema>;
