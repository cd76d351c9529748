import Type, { type Static } from 'typebox';
import { err, ok, type Result } from '../shared/result.js';
import { SafeIntegerSchema } from '../shared/schema.js';
import { ProviderEventValidationError } from './provider-event-validation-error.js';

/** TypeBox schema of {@link ContextWindowUsage}. */
export const ContextWindowUsageSchema = Type.Object({
  uncachedInputTokens: SafeIntegerSchema,
  cacheReadTokens: SafeIntegerSchema,
  cacheWriteTokens: SafeIntegerSchema,
  outputTokens: SafeIntegerSchema,
  unattributedTokens: SafeIntegerSchema,
  usedTokens: SafeIntegerSchema,
  capacityTokens: SafeIntegerSchema,
});

/** How a provider's context window is filled, by segment. `usedTokens` may exceed the capacity. */
export type ContextWindowUsage = Static<typeof ContextWindowUsageSchema>;

const U64_MAX = Number.MAX_SAFE_INTEGER;

/** Validator of {@link ContextWindowUsage}. */
export const ContextWindowUsage = {
  schema: ContextWindowUsageSchema,
  /**
   * Checks, in order: a non-zero capacity; a segment sum that does not overflow the u64 stand-in
   * (`Number.MAX_SAFE_INTEGER`, summed exactly in BigInt); a sum equal to `usedTokens`.
   */
  validate(usage: ContextWindowUsage): Result<void, ProviderEventValidationError> {
    if (usage.capacityTokens === 0) {
      return err(ProviderEventValidationError.zeroContextWindowCapacity());
    }
    const sum =
      BigInt(usage.uncachedInputTokens) +
      BigInt(usage.cacheReadTokens) +
      BigInt(usage.cacheWriteTokens) +
      BigInt(usage.outputTokens) +
      BigInt(usage.unattributedTokens);
    if (sum > BigInt(U64_MAX)) {
      return err(ProviderEventValidationError.contextWindowSegmentsOverflow());
    }
    const segmentSum = Number(sum);
    if (segmentSum !== usage.usedTokens) {
      return err(
        ProviderEventValidationError.contextWindowSegmentsMismatch(segmentSum, usage.usedTokens),
      );
    }
    return ok(undefined);
  },
};
