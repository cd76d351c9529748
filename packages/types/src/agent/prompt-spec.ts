import Type, { type Static } from 'typebox';

/** TypeBox schema of {@link InitialPromptMode}. */
export const InitialPromptModeSchema = Type.Union([
  Type.Object({ kind: Type.Literal('none') }),
  Type.Object({ kind: Type.Literal('positional'), optionTerminator: Type.Boolean() }),
  Type.Object({ kind: Type.Literal('flag'), flag: Type.String() }),
  Type.Object({ kind: Type.Literal('interactive-flag'), flag: Type.String() }),
  Type.Object({ kind: Type.Literal('agent-native-query') }),
  Type.Object({ kind: Type.Literal('after-ready') }),
]);

/**
 * How an initial prompt reaches the agent: not at all, as a positional argument (after `--` when
 * `optionTerminator`), after a flag, through a provider-native planner, or pasted after readiness.
 */
export type InitialPromptMode = Static<typeof InitialPromptModeSchema>;

/** TypeBox schema of {@link NativeDraftMode}. */
export const NativeDraftModeSchema = Type.Object({
  kind: Type.Literal('flag'),
  flag: Type.String(),
});

/** A launch flag that pre-fills a reviewable draft without submitting it (Claude's `--prefill`). */
export type NativeDraftMode = Static<typeof NativeDraftModeSchema>;

/** TypeBox schema of {@link PromptSpec}. */
export const PromptSpecSchema = Type.Object({
  initial: InitialPromptModeSchema,
  nativeDraft: Type.Union([NativeDraftModeSchema, Type.Null()]),
});

/** How prompts and drafts are delivered to the agent. */
export type PromptSpec = Static<typeof PromptSpecSchema>;
