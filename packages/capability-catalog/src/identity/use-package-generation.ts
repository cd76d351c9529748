import { err, ok, type Result } from '@gate4agent/types';
import { MAX_CAPABILITY_VERSION_BYTES } from '../constants.js';
import { CapabilitySetError } from '../errors/capability-set-error.js';
import type { Sha256Digest } from './sha256-digest.js';
import { validateBoundedText, validateIdentifier } from './validate-identifier.js';

/** The exact identity of one A3S Use package lifecycle generation. */
export class UsePackageGeneration {
  private constructor(
    readonly packageId: string,
    readonly componentId: string,
    readonly route: string,
    readonly version: string,
    readonly lifecycleGeneration: number,
    readonly packageDigest: Sha256Digest,
    readonly manifestDigest: Sha256Digest,
  ) {
    Object.freeze(this);
  }

  /**
   * Validates, in order: `package_id`, `component_id` and `route` as canonical identifiers,
   * `version` as bounded text of at most 128 bytes, and a non-zero `lifecycle_generation`.
   */
  static create(
    packageId: string,
    componentId: string,
    route: string,
    version: string,
    lifecycleGeneration: number,
    packageDigest: Sha256Digest,
    manifestDigest: Sha256Digest,
  ): Result<UsePackageGeneration, CapabilitySetError> {
    for (const [field, value] of [
      ['package_id', packageId],
      ['component_id', componentId],
      ['route', route],
    ] as const) {
      const checked = validateIdentifier(field, value);
      if (!checked.ok) return checked;
    }
    const checkedVersion = validateBoundedText('version', version, MAX_CAPABILITY_VERSION_BYTES);
    if (!checkedVersion.ok) return checkedVersion;
    if (!Number.isSafeInteger(lifecycleGeneration) || lifecycleGeneration <= 0) {
      return err(CapabilitySetError.invalidGeneration('lifecycle_generation'));
    }
    return ok(
      new UsePackageGeneration(
        packageId,
        componentId,
        route,
        version,
        lifecycleGeneration,
        packageDigest,
        manifestDigest,
      ),
    );
  }

  /** The canonical JSON shape (digest input). */
  toJSON(): Record<string, string | number> {
    return {
      packageId: this.packageId,
      componentId: this.componentId,
      route: this.route,
      version: this.version,
      lifecycleGeneration: this.lifecycleGeneration,
      packageDigest: this.packageDigest,
      manifestDigest: this.manifestDigest,
    };
  }
}
