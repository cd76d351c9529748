type E<K extends string, F = {}> = { readonly kind: K; readonly message: string } & Readonly<F>;

/** A failure to build, narrow, admit or operate a capability scope. */
export type CapabilityScopeError =
  | E<'invalid-scope-id', { reason: string }>
  | E<'invalid-lifecycle-name', { reason: string }>
  | E<'invalid-execution-limit', { field: string }>
  | E<'bound-exceeded', { field: string; max: number }>
  | E<'duplicate-ceiling-capability', { capability: string }>
  | E<'capability-outside-catalog', { capability: string; catalogDigest: string }>
  | E<'ceiling-catalog-mismatch'>
  | E<'ceiling-expansion', { dimension: string }>
  | E<'missing-use-generation-lease'>
  | E<'unexpected-use-generation-lease'>
  | E<
      'use-generation-lease-mismatch',
      {
        expectedGeneration: number;
        actualGeneration: number;
        revisionMismatch: boolean;
        registryRevisionMismatch: boolean;
      }
    >
  | E<'scope-inactive', { scopeId: string }>
  | E<'agent-turn-scope-unavailable'>
  | E<'supervisor-closed', { scopeId: string }>
  | E<'task-identity-exhausted'>
  | E<'child-identity-exhausted'>
  | E<'duplicate-child-scope', { scopeId: string }>;

/** One factory per {@link CapabilityScopeError} variant, keeping the upstream wording. */
export const CapabilityScopeError = {
  invalidScopeId: (reason: string): CapabilityScopeError => ({
    kind: 'invalid-scope-id',
    reason,
    message: `Capability scope identifier is invalid: ${reason}; use a canonical identifier`,
  }),
  invalidLifecycleName: (reason: string): CapabilityScopeError => ({
    kind: 'invalid-lifecycle-name',
    reason,
    message: `Capability lifecycle name is invalid: ${reason}; use a canonical lifecycle name`,
  }),
  invalidExecutionLimit: (field: string): CapabilityScopeError => ({
    kind: 'invalid-execution-limit',
    field,
    message: `Capability execution limit '${field}' must be positive; pass a value of 1 or more`,
  }),
  boundExceeded: (field: string, max: number): CapabilityScopeError => ({
    kind: 'bound-exceeded',
    field,
    max,
    message: `Capability scope field '${field}' exceeds its bound of ${max}; stay within the bound`,
  }),
  duplicateCeilingCapability: (capability: string): CapabilityScopeError => ({
    kind: 'duplicate-ceiling-capability',
    capability,
    message: `Capability '${capability}' is repeated in one ceiling; list it once`,
  }),
  capabilityOutsideCatalog: (capability: string, catalogDigest: string): CapabilityScopeError => ({
    kind: 'capability-outside-catalog',
    capability,
    catalogDigest,
    message: `Capability '${capability}' is not present in catalog '${catalogDigest}'; choose capabilities of that catalog`,
  }),
  ceilingCatalogMismatch: (): CapabilityScopeError => ({
    kind: 'ceiling-catalog-mismatch',
    message:
      'Capability ceiling belongs to another immutable catalog; build the ceiling from this catalog',
  }),
  ceilingExpansion: (dimension: string): CapabilityScopeError => ({
    kind: 'ceiling-expansion',
    dimension,
    message: `Child capability scope broadens parent ceiling dimension '${dimension}'; narrow the child ceiling to within its parent`,
  }),
  missingUseGenerationLease: (): CapabilityScopeError => ({
    kind: 'missing-use-generation-lease',
    message:
      'Catalog requires an exact A3S Use generation lease for Run admission; pass the Use lease of the catalog generation',
  }),
  unexpectedUseGenerationLease: (): CapabilityScopeError => ({
    kind: 'unexpected-use-generation-lease',
    message:
      'Catalog has no A3S Use generation but Run admission supplied a Use lease; admit the Run without a Use lease',
  }),
  useGenerationLeaseMismatch: (
    expectedGeneration: number,
    actualGeneration: number,
    revisionMismatch: boolean,
    registryRevisionMismatch: boolean,
  ): CapabilityScopeError => ({
    kind: 'use-generation-lease-mismatch',
    expectedGeneration,
    actualGeneration,
    revisionMismatch,
    registryRevisionMismatch,
    message: `A3S Use Run lease does not match the catalog cursor (generation ${expectedGeneration} vs ${actualGeneration}, capability revision mismatch: ${revisionMismatch}, Registry revision mismatch: ${registryRevisionMismatch}); acquire a lease for the catalog's cursor`,
  }),
  scopeInactive: (scopeId: string): CapabilityScopeError => ({
    kind: 'scope-inactive',
    scopeId,
    message: `Capability scope '${scopeId}' is no longer active; open a new scope`,
  }),
  agentTurnScopeUnavailable: (): CapabilityScopeError => ({
    kind: 'agent-turn-scope-unavailable',
    message:
      'Tool invocation has no active Agent Turn capability scope; invoke tools only inside an active agent turn',
  }),
  supervisorClosed: (scopeId: string): CapabilityScopeError => ({
    kind: 'supervisor-closed',
    scopeId,
    message: `Capability scope '${scopeId}' no longer accepts lifecycle registrations; register lifecycles before the scope closes`,
  }),
  taskIdentityExhausted: (): CapabilityScopeError => ({
    kind: 'task-identity-exhausted',
    message:
      'Capability supervisor task identity is exhausted; close the session and start a new one',
  }),
  childIdentityExhausted: (): CapabilityScopeError => ({
    kind: 'child-identity-exhausted',
    message:
      'Capability supervisor child identity is exhausted; close the session and start a new one',
  }),
  duplicateChildScope: (scopeId: string): CapabilityScopeError => ({
    kind: 'duplicate-child-scope',
    scopeId,
    message: `Capability child scope '${scopeId}' is already active; close it before opening it again`,
  }),
} as const;
