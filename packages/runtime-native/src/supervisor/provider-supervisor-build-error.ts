/** Why a provider supervisor could not be built. */
export type ProviderSupervisorBuildError =
  | { readonly kind: 'invalid-descriptor'; readonly message: string }
  | { readonly kind: 'provider-mismatch'; readonly message: string };

/** One factory per {@link ProviderSupervisorBuildError} variant. */
export const ProviderSupervisorBuildError = {
  /** The provider descriptor failed validation. */
  invalidDescriptor: (): ProviderSupervisorBuildError => ({
    kind: 'invalid-descriptor',
    message: 'provider descriptor is invalid; fix it so that it validates',
  }),
  /** The descriptor names another provider than the runtime binding. */
  providerMismatch: (descriptorId: string, runtimeId: string): ProviderSupervisorBuildError => ({
    kind: 'provider-mismatch',
    message: `provider descriptor ${descriptorId} does not match the runtime binding of provider ${runtimeId}`,
  }),
} as const;
