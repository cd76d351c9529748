import Type, { type Static } from 'typebox';
import { Nullable, SafeIntegerSchema } from '../shared/schema.js';

/** TypeBox schema of {@link TokenUsage}. */
export const TokenUsageSchema = Type.Object({
  inputTokens: SafeIntegerSchema,
  outputTokens: SafeIntegerSchema,
  cacheReadTokens: SafeIntegerSchema,
  cacheWriteTokens: SafeIntegerSchema,
  reasoningTokens: SafeIntegerSchema,
  contextWindow: Nullable(SafeIntegerSchema),
});

/** Token counts a provider reported for a turn or a session. */
export type TokenUsage = Static<typeof TokenUsageSchema>;

/** Zero usage with no known context window. */
export function defaultTokenUsage(): TokenUsage {
  return {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    reasoningTokens: 0,
    contextWindow: null,
  };
}
