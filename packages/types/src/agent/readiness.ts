import Type, { type Static } from 'typebox';

/** Terminal evidence that an agent's composer can take a draft paste or an agent command. */
export const DRAFT_READY_SIGNALS = [
  'bracketed-paste',
  'claude-composer-prompt',
  'quiet-after-bracketed-paste',
  'codex-composer-prompt',
  'cursor-after-bracketed-paste',
] as const;

/** TypeBox schema of {@link DraftReadySignal}. */
export const DraftReadySignalSchema = Type.Enum(DRAFT_READY_SIGNALS);

/** Which terminal signal proves draft readiness (see the runtime's readiness scanner). */
export type DraftReadySignal = Static<typeof DraftReadySignalSchema>;

const Millis = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** TypeBox schema of {@link AgentReadinessSpec}. */
export const AgentReadinessSpecSchema = Type.Object({
  timeoutMs: Millis,
  pollIntervalMs: Millis,
  wrapperChildFallbackAfterPolls: Type.Union([
    Type.Integer({ minimum: 0, maximum: 4_294_967_295 }),
    Type.Null(),
  ]),
  allowTitleIdle: Type.Boolean(),
  followupRequiresTerminal: Type.Boolean(),
  draftSignal: DraftReadySignalSchema,
  draftQuietMs: Millis,
});

/** When an agent counts as ready for a follow-up prompt, a draft paste or an agent command. */
export type AgentReadinessSpec = Static<typeof AgentReadinessSpecSchema>;

/** The upstream default readiness: 5 s timeout, 150 ms polls, fallback after 4, quiet 1.5 s. */
export function defaultAgentReadinessSpec(): AgentReadinessSpec {
  return {
    timeoutMs: 5_000,
    pollIntervalMs: 150,
    wrapperChildFallbackAfterPolls: 4,
    allowTitleIdle: true,
    followupRequiresTerminal: false,
    draftSignal: 'quiet-after-bracketed-paste',
    draftQuietMs: 1_500,
  };
}
