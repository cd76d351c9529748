import { describe, expect, it } from 'vitest';
import {
  MAX_INGRESS_CAPACITY,
  MAX_PROVIDER_EFFECT_CAPACITY,
  MAX_SUBSCRIPTION_CAPACITY,
} from '../../src/constants.js';
import {
  boundedEffectCapacity,
  boundedIngressCapacity,
  boundedSubscriptionCapacity,
  clampCapacity,
} from '../../src/queue/clamp-capacity.js';

describe('clampCapacity', () => {
  it('maps 0, negatives and non-numbers to 1 and keeps values inside the range', () => {
    expect(clampCapacity(0, 8)).toBe(1);
    expect(clampCapacity(-5, 8)).toBe(1);
    expect(clampCapacity(Number.NaN, 8)).toBe(1);
    expect(clampCapacity(5, 8)).toBe(5);
    expect(clampCapacity(5.9, 8)).toBe(5);
  });

  it('passes each maximum and clamps one over it', () => {
    expect(boundedIngressCapacity(MAX_INGRESS_CAPACITY)).toBe(4_096);
    expect(boundedIngressCapacity(MAX_INGRESS_CAPACITY + 1)).toBe(4_096);
    expect(boundedSubscriptionCapacity(MAX_SUBSCRIPTION_CAPACITY)).toBe(1_024);
    expect(boundedSubscriptionCapacity(MAX_SUBSCRIPTION_CAPACITY + 1)).toBe(1_024);
    expect(boundedEffectCapacity(MAX_PROVIDER_EFFECT_CAPACITY)).toBe(1_024);
    expect(boundedEffectCapacity(MAX_PROVIDER_EFFECT_CAPACITY + 1)).toBe(1_024);
    expect(boundedEffectCapacity(Number.POSITIVE_INFINITY)).toBe(1);
  });
});
