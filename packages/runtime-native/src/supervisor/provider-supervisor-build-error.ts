/** Why a provider supervisor could not be built. */
export type ProviderSupervisorBuildError =
  | { readonly kind: 'invalid-descriptor'; readonly message: string }
  | { readonly kind: 'provider-mismatch'; readonly message: string };

/** One factory per {@link ProviderSupervisorBuildError} variant. */
export const ProviderSupervisorBuildError = {
  /** The provider descriptor failed validation. */
  invalidDescriptor: (): ProviderSupervisorBuildError => ({
    kind: 'invalid-descriptor',
    message:
      'provider descriptor is invalid, so no supervisor was built; correct the descriptor so that it validates, then build again',
  }),
  /** The descriptor names another provider than the runtime binding. */
  providerMismatch: (descriptorId: string, runtimeId: string): ProviderSupervisorBuildError => ({
    kind: 'provider-mismatch',
    message: `provider descriptor ${descriptorId} does not match the runtime binding of provider ${runtimeId}; build the supervisor with the descriptor of ${runtimeId} or bind the runtime port to ${descriptorId}`,
  }),
} as const;
