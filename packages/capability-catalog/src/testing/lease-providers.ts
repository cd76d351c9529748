import { err, ok, type Result } from '@gate4agent/types';
import { type UseGenerationLeaseError, useGenerationLeaseError } from '../errors/leaf-errors.js';
import type { UseCapabilityGeneration } from '../identity/use-capability-generation.js';
import type {
  RetainedUseGeneration,
  UseGenerationLeaseProvider,
} from '../lifecycle/use-generation-lease.js';

/** How many leases a provider handed out and how many were released. */
export interface LeaseCounters {
  acquired: number;
  dropped: number;
}

/** Fresh lease counters at zero. */
export function leaseCounters(): LeaseCounters {
  return { acquired: 0, dropped: 0 };
}

class TestUseLease implements RetainedUseGeneration {
  #released = false;

  constructor(
    readonly useGeneration: UseCapabilityGeneration,
    private readonly counters: LeaseCounters,
  ) {}

  [Symbol.dispose](): void {
    if (this.#released) return;
    this.#released = true;
    this.counters.dropped += 1;
  }
}

/**
 * A provider serving `useGeneration`: refuses when already cancelled, otherwise counts the
 * acquisition and returns a lease reporting `returnedGeneration` (default: the served cursor)
 * that counts its release.
 */
export class TestUseLeaseProvider implements UseGenerationLeaseProvider {
  constructor(
    readonly useGeneration: UseCapabilityGeneration,
    readonly counters: LeaseCounters,
    private readonly returnedGeneration: UseCapabilityGeneration | null = null,
  ) {}

  async acquire(
    signal: AbortSignal,
  ): Promise<Result<RetainedUseGeneration, UseGenerationLeaseError>> {
    if (signal.aborted) return err(useGenerationLeaseError('test acquisition cancelled'));
    this.counters.acquired += 1;
    return ok(new TestUseLease(this.returnedGeneration ?? this.useGeneration, this.counters));
  }
}

/** A provider whose every acquisition fails with "deterministic Use lease failure". */
export class FailingUseLeaseProvider implements UseGenerationLeaseProvider {
  constructor(readonly useGeneration: UseCapabilityGeneration) {}

  async acquire(): Promise<Result<RetainedUseGeneration, UseGenerationLeaseError>> {
    return err(useGenerationLeaseError('deterministic Use lease failure'));
  }
}

/** The reference's `provider(generation, acquired, dropped)`. */
export function provider(
  generation: UseCapabilityGeneration,
  counters: LeaseCounters,
): TestUseLeaseProvider {
  return new TestUseLeaseProvider(generation, counters);
}
