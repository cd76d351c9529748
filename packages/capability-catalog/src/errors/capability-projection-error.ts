import type { CapabilityKind } from '../identity/capability-kind.js';

type E<K extends string, F = {}> = { readonly kind: K; readonly message: string } & Readonly<F>;

/** A failure that leaves the currently published projection unchanged. */
export type CapabilityProjectionError =
  | E<'missing-value', { capability: string }>
  | E<'unexpected-value', { capability: string }>
  | E<'duplicate-value', { capability: string }>
  | E<'unsupported-kind', { capabilityKind: CapabilityKind }>
  | E<
      'kind-mismatch',
      { capability: string; descriptorKind: CapabilityKind; valueKind: CapabilityKind }
    >
  | E<'public-name-mismatch', { capability: string; expected: string; actual: string }>
  | E<'surface-digest-mismatch', { capability: string }>
  | E<'unsupported-ui-dependency-kind', { capability: string; dependencyKind: CapabilityKind }>
  | E<'unknown-staged-capability', { capability: string }>
  | E<'duplicate-staged-capability', { capability: string }>
  | E<'missing-staged-capability', { capability: string }>
  | E<'dependency-cycle', { firstBlocked: string; blockedCount: number }>
  | E<'readiness-dependency-missing', { capability: string; dependency: string }>
  | E<'readiness-bound-exceeded', { field: string; max: number }>
  | E<'readiness-graph-invariant', { detail: string }>
  | E<
      'readiness-plan-mismatch',
      { expectedGeneration: number; actualGeneration: number; digestMismatch: boolean }
    >
  | E<'target-generation-mismatch', { expected: number; actual: number }>
  | E<'generation-exhausted'>
  | E<'prepare-failed', { capability: string; detail: string }>
  | E<'cancelled'>
  | E<'effect-bound-exceeded', { max: number }>
  | E<
      'commit-conflict',
      {
        expectedGeneration: number;
        expectedDigest: string;
        actualGeneration: number;
        actualDigest: string;
      }
    >
  | E<'invalid-transaction-state'>;

/** One factory per {@link CapabilityProjectionError} variant, keeping the upstream wording. */
export const CapabilityProjectionError = {
  missingValue: (capability: string): CapabilityProjectionError => ({
    kind: 'missing-value',
    capability,
    message: `Capability projection is missing runtime value '${capability}'; stage a value for it`,
  }),
  unexpectedValue: (capability: string): CapabilityProjectionError => ({
    kind: 'unexpected-value',
    capability,
    message: `Capability projection contains unknown runtime value '${capability}'; remove the value or add its capability; remove that dependency`,
  }),
  duplicateValue: (capability: string): CapabilityProjectionError => ({
    kind: 'duplicate-value',
    capability,
    message: `Capability projection repeats runtime value '${capability}'; stage each value once`,
  }),
  unsupportedKind: (capabilityKind: CapabilityKind): CapabilityProjectionError => ({
    kind: 'unsupported-kind',
    capabilityKind,
    message: `Capability kind '${capabilityKind}' has no supported A3S Code runtime projection; use a supported capability kind`,
  }),
  kindMismatch: (
    capability: string,
    descriptorKind: CapabilityKind,
    valueKind: CapabilityKind,
  ): CapabilityProjectionError => ({
    kind: 'kind-mismatch',
    capability,
    descriptorKind,
    valueKind,
    message: `Capability '${capability}' descriptor kind '${descriptorKind}' does not match runtime value kind '${valueKind}'; stage a value of kind '${descriptorKind}'`,
  }),
  publicNameMismatch: (
    capability: string,
    expected: string,
    actual: string,
  ): CapabilityProjectionError => ({
    kind: 'public-name-mismatch',
    capability,
    expected,
    actual,
    message: `Capability '${capability}' publishes name '${expected}', but its runtime value publishes '${actual}'; publish the value as '${expected}'`,
  }),
  surfaceDigestMismatch: (capability: string): CapabilityProjectionError => ({
    kind: 'surface-digest-mismatch',
    capability,
    message: `Capability '${capability}' runtime binding does not match its descriptor surface digest; rebuild the value from its descriptor`,
  }),
  unsupportedUiDependencyKind: (
    capability: string,
    dependencyKind: CapabilityKind,
  ): CapabilityProjectionError => ({
    kind: 'unsupported-ui-dependency-kind',
    capability,
    dependencyKind,
    message: `UI capability '${capability}' cannot depend on a ${dependencyKind} capability; remove that dependency`,
  }),
  unknownStagedCapability: (capability: string): CapabilityProjectionError => ({
    kind: 'unknown-staged-capability',
    capability,
    message: `Capability transaction stages unknown target value '${capability}'; stage only values of the target set`,
  }),
  duplicateStagedCapability: (capability: string): CapabilityProjectionError => ({
    kind: 'duplicate-staged-capability',
    capability,
    message: `Capability transaction stages value '${capability}' more than once; stage it once`,
  }),
  missingStagedCapability: (capability: string): CapabilityProjectionError => ({
    kind: 'missing-staged-capability',
    capability,
    message: `Capability transaction is missing staged target value '${capability}'; stage a value for it`,
  }),
  dependencyCycle: (firstBlocked: string, blockedCount: number): CapabilityProjectionError => ({
    kind: 'dependency-cycle',
    firstBlocked,
    blockedCount,
    message: `Capability surface dependency graph contains a cycle (${blockedCount} capabilities blocked; first canonical capability '${firstBlocked}'); break the dependency cycle`,
  }),
  readinessDependencyMissing: (
    capability: string,
    dependency: string,
  ): CapabilityProjectionError => ({
    kind: 'readiness-dependency-missing',
    capability,
    dependency,
    message: `Capability readiness graph references missing dependency '${dependency}' from '${capability}'; add '${dependency}' or remove the dependency`,
  }),
  readinessBoundExceeded: (field: string, max: number): CapabilityProjectionError => ({
    kind: 'readiness-bound-exceeded',
    field,
    max,
    message: `Capability readiness field '${field}' exceeds its bound of ${max}; reduce the graph`,
  }),
  readinessGraphInvariant: (detail: string): CapabilityProjectionError => ({
    kind: 'readiness-graph-invariant',
    detail,
    message: `Capability readiness graph violated an internal invariant: ${detail}; report this as a bug`,
  }),
  readinessPlanMismatch: (
    expectedGeneration: number,
    actualGeneration: number,
    digestMismatch: boolean,
  ): CapabilityProjectionError => ({
    kind: 'readiness-plan-mismatch',
    expectedGeneration,
    actualGeneration,
    digestMismatch,
    message: `Capability readiness plan does not match its target set (expected generation ${expectedGeneration}, found ${actualGeneration}; digest mismatch: ${digestMismatch}); plan readiness from the target set again`,
  }),
  targetGenerationMismatch: (expected: number, actual: number): CapabilityProjectionError => ({
    kind: 'target-generation-mismatch',
    expected,
    actual,
    message: `Capability transaction target generation must be ${expected}, but the target set is ${actual}; target generation ${expected}`,
  }),
  generationExhausted: (): CapabilityProjectionError => ({
    kind: 'generation-exhausted',
    message: 'Capability catalog generation is exhausted; start a new session',
  }),
  prepareFailed: (capability: string, detail: string): CapabilityProjectionError => ({
    kind: 'prepare-failed',
    capability,
    detail,
    message: `Capability adapter for '${capability}' failed to prepare: ${detail}; check the adapter`,
  }),
  cancelled: (): CapabilityProjectionError => ({
    kind: 'cancelled',
    message: 'Capability transaction preparation was cancelled; retry the batch',
  }),
  effectBoundExceeded: (max: number): CapabilityProjectionError => ({
    kind: 'effect-bound-exceeded',
    max,
    message: `Capability transaction exceeds its effect bound of ${max}; split the batch`,
  }),
  commitConflict: (
    expectedGeneration: number,
    expectedDigest: string,
    actualGeneration: number,
    actualDigest: string,
  ): CapabilityProjectionError => ({
    kind: 'commit-conflict',
    expectedGeneration,
    expectedDigest,
    actualGeneration,
    actualDigest,
    message: `Capability commit lost its catalog compare-and-swap race (expected generation ${expectedGeneration} digest ${expectedDigest}, found generation ${actualGeneration} digest ${actualDigest}); retry the batch on the current catalog`,
  }),
  invalidTransactionState: (): CapabilityProjectionError => ({
    kind: 'invalid-transaction-state',
    message: 'Capability transaction entered an invalid internal typestate; report this as a bug',
  }),
} as const;
