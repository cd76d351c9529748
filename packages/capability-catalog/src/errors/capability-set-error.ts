import type { CapabilityKind } from '../identity/capability-kind.js';

/** A validation failure that prevents an identity value or a capability set from being built. */
export type CapabilitySetError =
  | {
      readonly kind: 'invalid-identifier';
      readonly field: string;
      readonly reason: string;
      readonly message: string;
    }
  | { readonly kind: 'invalid-digest'; readonly field: 'digest'; readonly message: string }
  | { readonly kind: 'invalid-generation'; readonly field: string; readonly message: string }
  | {
      readonly kind: 'bound-exceeded';
      readonly field: string;
      readonly max: number;
      readonly message: string;
    }
  | { readonly kind: 'empty-contribution'; readonly sourceId: string; readonly message: string }
  | {
      readonly kind: 'source-mismatch';
      readonly capability: string;
      readonly expectedSource: string;
      readonly actualSource: string;
      readonly message: string;
    }
  | { readonly kind: 'duplicate-source'; readonly sourceId: string; readonly message: string }
  | {
      readonly kind: 'mixed-use-generation';
      readonly expectedGeneration: number;
      readonly actualGeneration: number;
      readonly revisionMismatch: boolean;
      readonly registryRevisionMismatch: boolean;
      readonly message: string;
    }
  | { readonly kind: 'duplicate-capability'; readonly capability: string; readonly message: string }
  | {
      readonly kind: 'duplicate-dependency';
      readonly capability: string;
      readonly dependency: string;
      readonly message: string;
    }
  | { readonly kind: 'self-dependency'; readonly capability: string; readonly message: string }
  | {
      readonly kind: 'missing-dependency';
      readonly capability: string;
      readonly dependency: string;
      readonly message: string;
    }
  | {
      readonly kind: 'builtin-shadow';
      readonly capabilityKind: CapabilityKind;
      readonly publicName: string;
      readonly message: string;
    }
  | {
      readonly kind: 'public-name-conflict';
      readonly capabilityKind: CapabilityKind;
      readonly publicName: string;
      readonly message: string;
    }
  | { readonly kind: 'canonical-encoding'; readonly detail: string; readonly message: string };

/** One factory per {@link CapabilitySetError} variant, keeping the upstream wording. */
export const CapabilitySetError = {
  invalidIdentifier: (field: string, reason: string): CapabilitySetError => ({
    kind: 'invalid-identifier',
    field,
    reason,
    message: `Capability field '${field}' is not a canonical identifier: ${reason}; use lowercase letters, digits and the allowed separators`,
  }),
  invalidDigest: (): CapabilitySetError => ({
    kind: 'invalid-digest',
    field: 'digest',
    message: `Capability field 'digest' is not a canonical SHA-256 digest; pass 64 lowercase hex digits`,
  }),
  invalidGeneration: (field: string): CapabilitySetError => ({
    kind: 'invalid-generation',
    field,
    message: `Capability generation field '${field}' is invalid; pass a positive safe integer`,
  }),
  boundExceeded: (field: string, max: number): CapabilitySetError => ({
    kind: 'bound-exceeded',
    field,
    max,
    message: `Capability field '${field}' exceeds its bound of ${max}; shorten it or split the batch`,
  }),
  emptyContribution: (sourceId: string): CapabilitySetError => ({
    kind: 'empty-contribution',
    sourceId,
    message: `Capability source '${sourceId}' submitted an empty contribution; add at least one capability or leave the source out`,
  }),
  sourceMismatch: (
    capability: string,
    expectedSource: string,
    actualSource: string,
  ): CapabilitySetError => ({
    kind: 'source-mismatch',
    capability,
    expectedSource,
    actualSource,
    message: `Capability '${capability}' belongs to source '${actualSource}', not contribution source '${expectedSource}'; contribute it from its own source`,
  }),
  duplicateSource: (sourceId: string): CapabilitySetError => ({
    kind: 'duplicate-source',
    sourceId,
    message: `Capability source '${sourceId}' was contributed more than once; merge its contributions into one`,
  }),
  mixedUseGeneration: (
    expectedGeneration: number,
    actualGeneration: number,
    revisionMismatch: boolean,
    registryRevisionMismatch: boolean,
  ): CapabilitySetError => ({
    kind: 'mixed-use-generation',
    expectedGeneration,
    actualGeneration,
    revisionMismatch,
    registryRevisionMismatch,
    message: `A capability set mixes A3S Use cursor identities (generation ${expectedGeneration} vs ${actualGeneration}, capability revision mismatch: ${revisionMismatch}, Registry revision mismatch: ${registryRevisionMismatch}); build the set from one Use generation`,
  }),
  duplicateCapability: (capability: string): CapabilitySetError => ({
    kind: 'duplicate-capability',
    capability,
    message: `Capability '${capability}' was contributed more than once; remove the duplicate`,
  }),
  duplicateDependency: (capability: string, dependency: string): CapabilitySetError => ({
    kind: 'duplicate-dependency',
    capability,
    dependency,
    message: `Capability '${capability}' repeats dependency '${dependency}'; list each dependency once`,
  }),
  selfDependency: (capability: string): CapabilitySetError => ({
    kind: 'self-dependency',
    capability,
    message: `Capability '${capability}' depends on itself; remove the self-dependency`,
  }),
  missingDependency: (capability: string, dependency: string): CapabilitySetError => ({
    kind: 'missing-dependency',
    capability,
    dependency,
    message: `Capability '${capability}' depends on missing capability '${dependency}'; add '${dependency}' to the set or remove the dependency`,
  }),
  builtinShadow: (capabilityKind: CapabilityKind, publicName: string): CapabilitySetError => ({
    kind: 'builtin-shadow',
    capabilityKind,
    publicName,
    message: `External ${capabilityKind} capability '${publicName}' cannot shadow a built-in; choose another name`,
  }),
  publicNameConflict: (capabilityKind: CapabilityKind, publicName: string): CapabilitySetError => ({
    kind: 'public-name-conflict',
    capabilityKind,
    publicName,
    message: `Multiple ${capabilityKind} capabilities publish the same name '${publicName}'; rename all but one`,
  }),
  canonicalEncoding: (detail: string): CapabilitySetError => ({
    kind: 'canonical-encoding',
    detail,
    message: `The canonical capability set could not be encoded: ${detail}; check the capability values for unencodable data`,
  }),
} as const;
