import type { ProviderInteractionOutcome } from './provider-interaction.js';

/** Why a provider event, identity or context-window usage was rejected at ingress. */
export type ProviderEventValidationError =
  | { readonly kind: 'empty'; readonly field: string; readonly message: string }
  | {
      readonly kind: 'invalid-field';
      readonly field: string;
      readonly max: number;
      readonly message: string;
    }
  | {
      readonly kind: 'too-many-tools';
      readonly count: number;
      readonly max: number;
      readonly message: string;
    }
  | {
      readonly kind: 'invalid-interaction-resolution-outcome';
      readonly outcome: ProviderInteractionOutcome;
      readonly message: string;
    }
  | { readonly kind: 'zero-context-window-capacity'; readonly message: string }
  | { readonly kind: 'context-window-segments-overflow'; readonly message: string }
  | {
      readonly kind: 'context-window-segments-mismatch';
      readonly segmentSum: number;
      readonly usedTokens: number;
      readonly message: string;
    };

/** One factory per {@link ProviderEventValidationError} variant, with the upstream wording. */
export const ProviderEventValidationError = {
  empty: (field: string): ProviderEventValidationError => ({
    kind: 'empty',
    field,
    message: `provider event field '${field}' is required; fill it in`,
  }),
  invalidField: (field: string, max: number): ProviderEventValidationError => ({
    kind: 'invalid-field',
    field,
    max,
    message: `provider event field '${field}' contains controls or exceeds ${max} bytes; remove the controls or shorten it`,
  }),
  tooManyTools: (count: number, max: number): ProviderEventValidationError => ({
    kind: 'too-many-tools',
    count,
    max,
    message: `provider event lists ${count} tools, over the limit of ${max}; list fewer tools`,
  }),
  invalidInteractionResolutionOutcome: (
    outcome: ProviderInteractionOutcome,
  ): ProviderEventValidationError => ({
    kind: 'invalid-interaction-resolution-outcome',
    outcome,
    message: `provider interaction resolution outcome ${outcome} is not exact; report an exact outcome`,
  }),
  zeroContextWindowCapacity: (): ProviderEventValidationError => ({
    kind: 'zero-context-window-capacity',
    message: 'context-window capacity is zero; report a capacity of at least 1 token',
  }),
  contextWindowSegmentsOverflow: (): ProviderEventValidationError => ({
    kind: 'context-window-segments-overflow',
    message:
      'context-window token segments add up to more than a safe integer; report smaller segments',
  }),
  contextWindowSegmentsMismatch: (
    segmentSum: number,
    usedTokens: number,
  ): ProviderEventValidationError => ({
    kind: 'context-window-segments-mismatch',
    segmentSum,
    usedTokens,
    message: `context-window token segments sum to ${segmentSum}, not usedTokens ${usedTokens}; make the segments add up to usedTokens`,
  }),
};

/** @deprecated use {@link ProviderEventValidationError} (one error-factory naming, CONTRIBUTING.md). */
export const providerEventValidationError = ProviderEventValidationError;
