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
    message: `Capability projection is missing runtime value '${capability}'`,
  }),
  unexpectedValue: (capability: string): CapabilityProjectionError => ({
    kind: 'unexpected-value',
    capability,
    message: `Capability projection contains unknown runtime value '${capability}'`,
  }),
  duplicateValue: (capability: string): CapabilityProjectionError => ({
    kind: 'duplicate-value',
    capability,
    message: `Capability projection repeats runtime value '${capability}'`,
  }),
  unsupportedKind: (capabilityKind: CapabilityKind): CapabilityProjectionError => ({
    kind: 'unsupported-kind',
    capabilityKind,
    message: `Capability kind '${capabilityKind}' has no supported A3S Code runtime projection`,
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
    message: `Capability '${capability}' descriptor kind '${descriptorKind}' does not match runtime value kind '${valueKind}'`,
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
    message: `Capability '${capability}' publishes name '${expected}', but its runtime value publishes '${actual}'`,
  }),
  surfaceDigestMismatch: (capability: string): CapabilityProjectionError => ({
    kind: 'surface-digest-mismatch',
    capability,
    message: `Capability '${capability}' runtime binding does not match its descriptor surface digest`,
  }),
  unsupportedUiDependencyKind: (
    capability: string,
    dependencyKind: CapabilityKind,
  ): CapabilityProjectionError => ({
    kind: 'unsupported-ui-dependency-kind',
    capability,
    dependencyKind,
    message: `UI capability '${capability}' cannot depend on a ${dependencyKind} capability`,
  }),
  unknownStagedCapability: (capability: string): CapabilityProjectionError => ({
    kind: 'unknown-staged-capability',
    capability,
    message: `Capability transaction stages unknown target value '${capability}'`,
  }),
  duplicateStagedCapability: (capability: string): CapabilityProjectionError => ({
    kind: 'duplicate-staged-capability',
    capability,
    message: `Capability transaction stages value '${capability}' more than once`,
  }),
  missingStagedCapability: (capability: string): CapabilityProjectionError => ({
    kind: 'missing-staged-capability',
    capability,
    message: `Capability transaction is missing staged target value '${capability}'`,
  }),
  dependencyCycle: (firstBlocked: string, blockedCount: number): CapabilityProjectionError => ({
    kind: 'dependency-cycle',
    firstBlocked,
    blockedCount,
    message: `Capability surface dependency graph contains a cycle (${blockedCount} capabilities blocked; first canonical capability '${firstBlocked}')`,
  }),
  readinessDependencyMissing: (
    capability: string,
    dependency: string,
  ): CapabilityProjectionError => ({
    kind: 'readiness-dependency-missing',
    capability,
    dependency,
    message: `Capability readiness graph references missing dependency '${dependency}' from '${capability}'`,
  }),
  readinessBoundExceeded: (field: string, max: number): CapabilityProjectionError => ({
    kind: 'readiness-bound-exceeded',
    field,
    max,
    message: `Capability readiness field '${field}' exceeds its bound of ${max}`,
  }),
  readinessGraphInvariant: (detail: string): CapabilityProjectionError => ({
    kind: 'readiness-graph-invariant',
    detail,
    message: `Capability readiness graph violated an internal invariant: ${detail}`,
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
    message: `Capability readiness plan does not match its target set (expected generation ${expectedGeneration}, found ${actualGeneration}; digest mismatch: ${digestMismatch})`,
  }),
  targetGenerationMismatch: (expected: number, actual: number): CapabilityProjectionError => ({
    kind: 'target-generation-mismatch',
    expected,
    actual,
    message: `Capability transaction target generation must be ${expected}, but the target set is ${actual}`,
  }),
  generationExhausted: (): CapabilityProjectionError => ({
    kind: 'generation-exhausted',
    message: 'Capability catalog generation is exhausted',
  }),
  prepareFailed: (capability: string, detail: string): CapabilityProjectionError => ({
    kind: 'prepare-failed',
    capability,
    detail,
    message: `Capability adapter for '${capability}' failed to prepare: ${detail}`,
  }),
  cancelled: (): CapabilityProjectionError => ({
    kind: 'cancelled',
    message: 'Capability transaction preparation was cancelled',
  }),
  effectBoundExceeded: (max: number): CapabilityProjectionError => ({
    kind: 'effect-bound-exceeded',
    max,
    message: `Capability transaction exceeds its effect bound of ${max}`,
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
    message: `Capability commit lost its catalog compare-and-swap race (expected generation ${expectedGeneration} digest ${expectedDigest}, found generation ${actualGeneration} digest ${actualDigest})`,
  }),
  invalidTransactionState: (): CapabilityProjectionError => ({
    kind: 'invalid-transaction-state',
    message: 'Capability transaction entered an invalid internal typestate',
  }),
} as const;
