import type { CodeCatalogGeneration } from '../identity/code-catalog-generation.js';
import type { Sha256Digest } from '../identity/sha256-digest.js';

/** The generation and digest of the published set; what new Runs will see. */
export interface CapabilityCatalogStamp {
  readonly generation: CodeCatalogGeneration;
  readonly digest: Sha256Digest;
}

/** The stamps before and after one successful publication. */
export interface CapabilityCommitReceipt {
  readonly previous: CapabilityCatalogStamp;
  readonly committed: CapabilityCatalogStamp;
}

/** A frozen stamp (plain data, so `toEqual` compares it). */
export function catalogStamp(
  generation: CodeCatalogGeneration,
  digest: Sha256Digest,
): CapabilityCatalogStamp {
  return Object.freeze({ generation, digest });
}

/** Whether two stamps name the same publication. */
export function sameStamp(a: CapabilityCatalogStamp, b: CapabilityCatalogStamp): boolean {
  return a.generation === b.generation && a.digest === b.digest;
}
