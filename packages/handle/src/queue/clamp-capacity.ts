import {
  MAX_INGRESS_CAPACITY,
  MAX_PROVIDER_EFFECT_CAPACITY,
  MAX_SUBSCRIPTION_CAPACITY,
} from '../constants.js';

/** Clamps a requested capacity to `[1, max]`; anything that is not a positive integer becomes 1. */
export function clampCapacity(requested: number, max: number): number {
  if (!Number.isFinite(requested) || requested < 1) return 1;
  return Math.min(Math.floor(requested), max);
}

/** The ingress capacity actually used for a request (`[1, MAX_INGRESS_CAPACITY]`). */
export function boundedIngressCapacity(requested: number): number {
  return clampCapacity(requested, MAX_INGRESS_CAPACITY);
}

/** The subscription capacity actually used for a request (`[1, MAX_SUBSCRIPTION_CAPACITY]`). */
export function boundedSubscriptionCapacity(requested: number): number {
  return clampCapacity(requested, MAX_SUBSCRIPTION_CAPACITY);
}

/** The provider work/receipt capacity actually used for a request (`[1, MAX_PROVIDER_EFFECT_CAPACITY]`). */
export function boundedEffectCapacity(requested: number): number {
  return clampCapacity(requested, MAX_PROVIDER_EFFECT_CAPACITY);
}
