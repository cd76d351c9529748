import { err, ok, type Result, utf8ByteLength } from '@gate4agent/types';
import { MAX_CAPABILITY_IDENTIFIER_BYTES } from '../constants.js';
import { CapabilitySetError } from '../errors/capability-set-error.js';
import type { Sha256Digest } from './sha256-digest.js';
import type { UseCapabilityGeneration } from './use-capability-generation.js';
import type { UsePackageGeneration } from './use-package-generation.js';
import { validateIdentifier } from './validate-identifier.js';

/** The trusted precedence class of a source, always assigned by host code. */
export type CapabilitySourceClass = 'built-in' | 'host' | 'use-package' | 'session';

/** What proves a source's identity; internally tagged on `kind`. */
export type CapabilitySourceEvidence =
  | { readonly kind: 'built-in'; readonly revision: Sha256Digest }
  | { readonly kind: 'host'; readonly revision: Sha256Digest }
  | { readonly kind: 'session'; readonly revision: Sha256Digest }
  | {
      readonly kind: 'use-package';
      readonly capability: UseCapabilityGeneration;
      readonly package: UsePackageGeneration;
    };

/** One contributor of capability descriptors: `"<prefix>/<local>"` plus its class and evidence. */
export class CapabilitySource {
  private constructor(
    readonly id: string,
    readonly sourceClass: CapabilitySourceClass,
    readonly evidence: CapabilitySourceEvidence,
  ) {
    Object.freeze(this);
  }

  private static build(
    prefix: string,
    local: string,
    sourceClass: CapabilitySourceClass,
    evidence: CapabilitySourceEvidence,
  ): Result<CapabilitySource, CapabilitySetError> {
    const checked = validateIdentifier('source', local);
    if (!checked.ok) return checked;
    const id = `${prefix}/${local}`;
    if (utf8ByteLength(id) > MAX_CAPABILITY_IDENTIFIER_BYTES) {
      return err(CapabilitySetError.boundExceeded('source', MAX_CAPABILITY_IDENTIFIER_BYTES));
    }
    return ok(new CapabilitySource(id, sourceClass, evidence));
  }

  /**
   * A built-in source (`builtin/<component>`). Package data must never be able to claim this
   * class: only host code that ships the built-ins calls it.
   */
  static builtin(
    component: string,
    revision: Sha256Digest,
  ): Result<CapabilitySource, CapabilitySetError> {
    return CapabilitySource.build('builtin', component, 'built-in', { kind: 'built-in', revision });
  }

  /** A host-provided source (`host/<component>`). */
  static host(
    component: string,
    revision: Sha256Digest,
  ): Result<CapabilitySource, CapabilitySetError> {
    return CapabilitySource.build('host', component, 'host', { kind: 'host', revision });
  }

  /** A Session registration source (`session/<registration>`). */
  static session(
    registration: string,
    revision: Sha256Digest,
  ): Result<CapabilitySource, CapabilitySetError> {
    return CapabilitySource.build('session', registration, 'session', {
      kind: 'session',
      revision,
    });
  }

  /**
   * An A3S Use package source (`use/<packageId>`) at an exact Use cursor; a cursor with
   * generation 0 is `invalid-generation{use_capability_generation}`.
   */
  static usePackage(
    capability: UseCapabilityGeneration,
    pkg: UsePackageGeneration,
  ): Result<CapabilitySource, CapabilitySetError> {
    if (capability.generation === 0) {
      return err(CapabilitySetError.invalidGeneration('use_capability_generation'));
    }
    return CapabilitySource.build('use', pkg.packageId, 'use-package', {
      kind: 'use-package',
      capability,
      package: pkg,
    });
  }

  /** The revision of a built-in, host or session source; `null` for a Use package. */
  revision(): Sha256Digest | null {
    return this.evidence.kind === 'use-package' ? null : this.evidence.revision;
  }

  /** The Use cursor of a Use package source; `null` otherwise. */
  useCapabilityGeneration(): UseCapabilityGeneration | null {
    return this.evidence.kind === 'use-package' ? this.evidence.capability : null;
  }

  /** The Use package generation of a Use package source; `null` otherwise. */
  usePackageGeneration(): UsePackageGeneration | null {
    return this.evidence.kind === 'use-package' ? this.evidence.package : null;
  }
}
