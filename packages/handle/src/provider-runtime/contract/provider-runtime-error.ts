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

/** One factory per {@link ProviderRuntimeError} variant, with the upstream wording. */
export const ProviderRuntimeError = {
  /** The registry already holds the maximum number of provider bindings. */
  capacityExceeded: (): ProviderRuntimeError => ({
    kind: 'capacity-exceeded',
    message: 'provider runtime registry is full',
  }),
  /** The provider already has a local or foreign binding. */
  alreadyBound: (): ProviderRuntimeError => ({
    kind: 'already-bound',
    message: 'provider already has a runtime binding',
  }),
  /** A sequence counter reached its ceiling. */
  counterExhausted: (
    counter: ProviderRuntimeCounter = 'provider-runtime-sequence',
  ): ProviderRuntimeError => ({
    kind: 'counter-exhausted',
    counter,
    message: `provider runtime counter '${counter}' is exhausted`,
  }),
  /** The invocation was released to another binding. */
  foreignInvocation: (): ProviderRuntimeError => ({
    kind: 'foreign-invocation',
    message: 'invocation belongs to another provider runtime binding',
  }),
  /** The binding is not active (closing, closed, or no longer registered). */
  inactive: (): ProviderRuntimeError => ({
    kind: 'inactive',
    message: 'provider runtime binding is not active',
  }),
  /** The invocation already submitted its terminal observation. */
  alreadyCompleted: (): ProviderRuntimeError => ({
    kind: 'already-completed',
    message: 'provider invocation already submitted a terminal observation',
  }),
  /** The observation failed validation. */
  invalidObservation: (): ProviderRuntimeError => ({
    kind: 'invalid-observation',
    message: 'provider observation is invalid',
  }),
  /** The ingress queue is full; retry later. */
  full: (): ProviderRuntimeError => ({
    kind: 'full',
    message: 'provider runtime ingress is full',
  }),
  /** The control plane is gone. */
  disconnected: (): ProviderRuntimeError => ({
    kind: 'disconnected',
    message: 'provider runtime ingress is disconnected',
  }),
} as const;
