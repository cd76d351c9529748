import { describe, expect, it } from 'vitest';
import { ContextWindowUsage, ProviderEventValidationError, unwrapErr } from '../../src/index.js';

const usage = (overrides: Partial<ContextWindowUsage>): ContextWindowUsage => ({
  uncachedInputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  outputTokens: 0,
  unattributedTokens: 0,
  usedTokens: 0,
  capacityTokens: 1,
  ...overrides,
});

describe('ContextWindowUsage.validate', () => {
  it('sums exactly up to Number.MAX_SAFE_INTEGER and overflows one above', () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(
      ContextWindowUsage.validate(
        usage({ uncachedInputTokens: max - 1, outputTokens: 1, usedTokens: max }),
      ).ok,
    ).toBe(true);
    expect(
      unwrapErr(
        ContextWindowUsage.validate(
          usage({ uncachedInputTokens: max, outputTokens: 1, usedTokens: max }),
        ),
      ),
    ).toEqual(ProviderEventValidationError.contextWindowSegmentsOverflow());
  });

  it('checks the capacity before the sum and allows use above capacity', () => {
    expect(
      unwrapErr(ContextWindowUsage.validate(usage({ capacityTokens: 0, usedTokens: 9 }))),
    ).toEqual(ProviderEventValidationError.zeroContextWindowCapacity());
    expect(
      ContextWindowUsage.validate(usage({ outputTokens: 5, usedTokens: 5, capacityTokens: 1 })).ok,
    ).toBe(true);
    expect(
      unwrapErr(ContextWindowUsage.validate(usage({ outputTokens: 5, usedTokens: 4 }))).message,
    ).toBe(
      'context-window token segments sum to 5, not usedTokens 4; make the segments add up to usedTokens',
    );
  });
});
