import { MAX_PROVIDER_RUNTIMES } from '../../constants.js';

/** The counter a `counter-exhausted` error names. */
export type ProviderRuntimeCounter = 'provider-runtime-sequence';

/**
 * Why a provider-runtime operation was refused. Value-comparable (deep equality), so a provider
 * supervisor can nest it inside its faults.
 */
export type ProviderRuntimeError =
  | { readonly kind: 'capacity-exceeded'; readonly message: string }
  | { readonly kind: 'already-bound'; readonly message: string }
  | {
      readonly kind: 'counter-exhausted';
      readonly counter: ProviderRuntimeCounter;
      readonly message: string;
    }
  | { readonly kind: 'foreign-invocation'; readonly message: string }
  | { readonly kind: 'inactive'; readonly message: string }
  | { readonly kind: 'already-completed'; readonly message: string }
  | { readonly kind: 'invalid-observation'; readonly message: string }
  | { readonly kind: 'full'; readonly message: string }
  | { readonly kind: 'disconnected'; readonly message: string };

const RESTART = 'create a new runtime (no further ones can be issued)';

/** One factory per {@link ProviderRuntimeError} variant, with a plain-English message. */
export const ProviderRuntimeError = {
  /** The registry already holds the maximum number of provider bindings. */
  capacityExceeded: (): ProviderRuntimeError => ({
    kind: 'capacity-exceeded',
    message: `provider runtime registry is full (${MAX_PROVIDER_RUNTIMES} bindings); close a provider runtime first`,
  }),
  /** The provider already has a local or foreign binding. */
  alreadyBound: (): ProviderRuntimeError => ({
    kind: 'already-bound',
    message:
      'provider already has a runtime binding; close that runtime before binding the provider again',
  }),
  /** A sequence counter reached its ceiling. */
  counterExhausted: (
    counter: ProviderRuntimeCounter = 'provider-runtime-sequence',
  ): ProviderRuntimeError => ({
    kind: 'counter-exhausted',
    counter,
    message: `provider runtime counter '${counter}' is exhausted; ${RESTART}`,
  }),
  /** The invocation was released to another binding. */
  foreignInvocation: (): ProviderRuntimeError => ({
    kind: 'foreign-invocation',
    message:
      'invocation belongs to another provider runtime binding; complete it through the runtime that received it',
  }),
  /** The binding is not active (closing, closed, or no longer registered). */
  inactive: (): ProviderRuntimeError => ({
    kind: 'inactive',
    message: 'provider runtime binding is not active (closing or closed); bind the provider again',
  }),
  /** The invocation already submitted its terminal observation. */
  alreadyCompleted: (): ProviderRuntimeError => ({
    kind: 'already-completed',
    message:
      'provider invocation already submitted a terminal observation; send nothing more for it',
  }),
  /** The observation failed validation. */
  invalidObservation: (): ProviderRuntimeError => ({
    kind: 'invalid-observation',
    message: 'provider observation is invalid; check it against the tool protocol limits',
  }),
  /** The ingress queue is full; retry later. */
  full: (): ProviderRuntimeError => ({
    kind: 'full',
    message: 'provider runtime ingress is full; retry after the next tick',
  }),
  /** The control plane is gone. */
  disconnected: (): ProviderRuntimeError => ({
    kind: 'disconnected',
    message:
      'provider runtime ingress is disconnected (the runtime was disposed); stop using this provider runtime',
  }),
} as const;
