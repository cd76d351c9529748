import Type, { type Static } from 'typebox';
import { Nullable, SafeIntegerSchema } from '../shared/schema.js';
import { ProviderActivitySchema } from './provider-activity.js';
import { ProviderEventSchema } from './provider-event.js';
import { ProviderInteractionSchema } from './provider-interaction.js';
import { ProviderSessionIdentitySchema } from './provider-session-identity.js';
import { ProviderSourceCursorSchema, ProviderSourceSchema } from './provider-source.js';
import { defaultTokenUsage, TokenUsageSchema } from './token-usage.js';

/** TypeBox schema of {@link ActiveProviderTool}. */
export const ActiveProviderToolSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  inputJson: Type.String(),
});

/** A provider tool call that started and has not completed. */
export type ActiveProviderTool = Static<typeof ActiveProviderToolSchema>;

/** TypeBox schema of {@link ProviderSubagent}. */
export const ProviderSubagentSchema = Type.Object({
  source: ProviderSourceSchema,
  providerAgentId: Type.String(),
  agentType: Nullable(Type.String()),
  description: Nullable(Type.String()),
});

/** A subagent the provider reported as running. */
export type ProviderSubagent = Static<typeof ProviderSubagentSchema>;

/** TypeBox schema of {@link ProviderSnapshot}. */
export const ProviderSnapshotSchema = Type.Object({
  sequence: SafeIntegerSchema,
  session: Nullable(ProviderSessionIdentitySchema),
  model: Nullable(Type.String()),
  tools: Type.Array(Type.String()),
  completedTurns: SafeIntegerSchema,
  usage: TokenUsageSchema,
  leadActivity: ProviderActivitySchema,
  activity: ProviderActivitySchema,
  currentPrompt: Nullable(Type.String()),
  activeTools: Type.Array(ActiveProviderToolSchema),
  interactions: Type.Array(ProviderInteractionSchema),
  subagents: Type.Array(ProviderSubagentSchema),
  sources: Type.Array(ProviderSourceCursorSchema),
  lastEvent: Nullable(ProviderEventSchema),
  gapCount: SafeIntegerSchema,
  stale: Type.Boolean(),
});

/** What the engine knows of the provider's semantic state in one session. */
export type ProviderSnapshot = Static<typeof ProviderSnapshotSchema>;

/** The empty provider snapshot: zero, empty, idle and `null` everywhere. */
export function defaultProviderSnapshot(): ProviderSnapshot {
  return {
    sequence: 0,
    session: null,
    model: null,
    tools: [],
    completedTurns: 0,
    usage: defaultTokenUsage(),
    leadActivity: 'idle',
    activity: 'idle',
    currentPrompt: null,
    activeTools: [],
    interactions: [],
    subagents: [],
    sources: [],
    lastEvent: null,
    gapCount: 0,
    stale: false,
  };
}
