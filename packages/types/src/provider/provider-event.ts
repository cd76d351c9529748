import Type, { type Static } from 'typebox';
import { createWireCodec, Nullable, SafeIntegerSchema } from '../shared/schema.js';
import { ContextWindowUsageSchema } from './context-window-usage.js';
import {
  ProviderInteractionKindSchema,
  ProviderInteractionOutcomeSchema,
} from './provider-interaction.js';
import { ProviderSessionIdentitySchema } from './provider-session-identity.js';
import { TokenUsageSchema } from './token-usage.js';

const variant = <K extends string, P extends Parameters<typeof Type.Object>[0]>(
  kind: K,
  fields: P,
) => Type.Object({ kind: Type.Literal(kind), ...fields });

/** TypeBox schema of {@link ProviderEvent}. */
export const ProviderEventSchema = Type.Union([
  variant('session-started', {
    sessionId: Type.String(),
    model: Type.String(),
    tools: Type.Array(Type.String()),
  }),
  variant('session-identity-observed', { identity: ProviderSessionIdentitySchema }),
  variant('turn-started', { prompt: Nullable(Type.String()) }),
  variant('working-observed', {}),
  variant('text', { text: Type.String(), isDelta: Type.Boolean() }),
  variant('thinking', { text: Type.String() }),
  variant('tool-started', {
    id: Type.String(),
    name: Type.String(),
    inputJson: Type.String(),
    agentId: Nullable(Type.String()),
  }),
  variant('tool-completed', {
    id: Type.String(),
    output: Type.String(),
    isError: Type.Boolean(),
    durationMs: Nullable(SafeIntegerSchema),
    agentId: Nullable(Type.String()),
  }),
  variant('turn-completed', { usage: TokenUsageSchema, isCumulative: Type.Boolean() }),
  variant('context-window-usage', { usage: ContextWindowUsageSchema }),
  variant('turn-interrupted', {}),
  variant('session-ended', {
    result: Type.String(),
    costUsd: Nullable(Type.String()),
    isError: Type.Boolean(),
  }),
  variant('error', { message: Type.String() }),
  variant('ready', {}),
  variant('interaction-requested', {
    requestId: Nullable(Type.String()),
    interactionKind: ProviderInteractionKindSchema,
    toolName: Type.String(),
    prompt: Type.String(),
    agentId: Nullable(Type.String()),
  }),
  variant('interaction-resolved', {
    requestId: Type.String(),
    outcome: ProviderInteractionOutcomeSchema,
  }),
  variant('subagent-started', {
    agentId: Type.String(),
    agentType: Nullable(Type.String()),
    description: Nullable(Type.String()),
  }),
  variant('subagent-stopped', { agentId: Type.String() }),
  variant('rate-limited', {
    limitType: Type.String(),
    resetsAt: Nullable(Type.String()),
    usagePercent: Nullable(Type.String()),
    rawMessage: Type.String(),
  }),
]);

/** One semantic event a provider adapter reported (session, turn, tool, interaction, …). */
export type ProviderEvent = Static<typeof ProviderEventSchema>;

/** Compiled decoder of {@link ProviderEvent} (structure only; see `validateProviderEventIngress`). */
export const ProviderEventCodec = createWireCodec('ProviderEvent', ProviderEventSchema);
