import Type, { type Static } from 'typebox';
import { OperationId, ProviderInteractionId } from '../id/numeric-id.js';
import { Nullable } from '../shared/schema.js';
import { ProviderActivitySchema } from './provider-activity.js';
import { ProviderSourceSchema } from './provider-source.js';

/** TypeBox schema of {@link ProviderInteractionKind}. */
export const ProviderInteractionKindSchema = Type.Enum(['approval', 'question']);

/** Whether the provider asks for permission or asks a question. */
export type ProviderInteractionKind = Static<typeof ProviderInteractionKindSchema>;

/** TypeBox schema of {@link ProviderInteractionOutcome}. */
export const ProviderInteractionOutcomeSchema = Type.Enum([
  'approved',
  'answered',
  'denied',
  'interrupted',
  'turn-ended',
  'superseded',
]);

/** How an interaction ended. */
export type ProviderInteractionOutcome = Static<typeof ProviderInteractionOutcomeSchema>;

/** TypeBox schema of {@link ProviderInteractionResponseKind}. */
export const ProviderInteractionResponseKindSchema = Type.Enum(['approve-once', 'deny', 'answer']);

/** The kind of a {@link ProviderInteractionResponse}. */
export type ProviderInteractionResponseKind = Static<typeof ProviderInteractionResponseKindSchema>;

/** TypeBox schema of {@link ProviderInteractionStatus}. */
export const ProviderInteractionStatusSchema = Type.Union([
  Type.Object({ kind: Type.Literal('pending') }),
  Type.Object({
    kind: Type.Literal('resolving'),
    operationId: OperationId.schema,
    responseKind: ProviderInteractionResponseKindSchema,
  }),
  Type.Object({ kind: Type.Literal('resolved'), outcome: ProviderInteractionOutcomeSchema }),
]);

/** Where an interaction stands: pending, being resolved by an operation, or resolved. */
export type ProviderInteractionStatus = Static<typeof ProviderInteractionStatusSchema>;

/** TypeBox schema of {@link ProviderInteraction}. */
export const ProviderInteractionSchema = Type.Object({
  id: ProviderInteractionId.schema,
  source: ProviderSourceSchema,
  providerRequestId: Nullable(Type.String()),
  interactionKind: ProviderInteractionKindSchema,
  toolName: Type.String(),
  prompt: Type.String(),
  agentId: Nullable(Type.String()),
  resumeLeadActivity: Nullable(ProviderActivitySchema),
  status: ProviderInteractionStatusSchema,
});

/** A permission prompt or question a provider raised, as tracked in the session snapshot. */
export type ProviderInteraction = Static<typeof ProviderInteractionSchema>;

/** TypeBox schema of {@link ProviderInteractionTarget}. */
export const ProviderInteractionTargetSchema = Type.Object({
  interactionId: ProviderInteractionId.schema,
  source: ProviderSourceSchema,
  providerRequestId: Nullable(Type.String()),
  interactionKind: ProviderInteractionKindSchema,
  toolName: Type.String(),
  agentId: Nullable(Type.String()),
});

/** What a `resolve-interaction` effect must answer. */
export type ProviderInteractionTarget = Static<typeof ProviderInteractionTargetSchema>;
