import type { Result } from '@gate4agent/types';
import type { UseGenerationLeaseError } from '../errors/leaf-errors.js';
import type { UseCapabilityGeneration } from '../identity/use-capability-generation.js';

/**
 * One retained A3S Use generation. It is owned by exactly one Run scope and released exactly
 * once through `[Symbol.dispose]()`: after the scope settles on close, or at once when admission
 * rejects or abandons it.
 */
export interface RetainedUseGeneration extends Disposable {
  /** The generation this lease actually retains (checked against the catalog cursor). */
  readonly useGeneration: UseCapabilityGeneration;
}

/**
 * The generation-bound source of Use leases, published in the same compare-and-swap as its
 * projection. `acquire` is called once per admitted Run, never at publication, so A3S Use can
 * refuse a generation that became stale or hidden since it was installed.
 */
export interface UseGenerationLeaseProvider {
  /** The exact cursor this provider serves. */
  readonly useGeneration: UseCapabilityGeneration;
  acquire(signal: AbortSignal): Promise<Result<RetainedUseGeneration, UseGenerationLeaseError>>;
}
