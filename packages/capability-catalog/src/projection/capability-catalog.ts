import { err, ok, type Result } from '@gate4agent/types';
import { CapabilityProjectionError } from '../errors/capability-projection-error.js';
import { CapabilitySet } from '../identity/capability-set.js';
import type { CapabilityEffect } from '../lifecycle/capability-effect.js';
import type { UseGenerationLeaseProvider } from '../lifecycle/use-generation-lease.js';
import { defaultClock, type MonotonicClock } from '../util/deadline.js';
import { CapabilityProjection } from './capability-projection.js';
import {
  type CapabilityCatalogStamp,
  type CapabilityCommitReceipt,
  catalogStamp,
  sameStamp,
} from './catalog-stamp.js';
import {
  type CapabilityCleanupReport,
  type CleanupPolicy,
  CleanupQueue,
  type CleanupReason,
  DEFAULT_CLEANUP_POLICY,
} from './cleanup-queue.js';
import { CapabilityReadinessPlan } from './readiness-plan.js';

/** One published generation; reference counted by the catalog and by pins. */
class PublishedGeneration {
  refs = 1;
  current = true;

  constructor(
    readonly projection: CapabilityProjection,
    readonly stamp: CapabilityCatalogStamp,
    readonly provider: UseGenerationLeaseProvider | null,
    readonly effects: CapabilityEffect[],
  ) {}
}

/**
 * A pin on one published generation: while held, its projection, values and lease provider
 * stay alive even after a newer generation is published. `release()` is idempotent.
 */
export class CapabilityProjectionLease implements Disposable {
  #released = false;

  /** @internal */
  constructor(
    private readonly generation: PublishedGeneration,
    private readonly onRelease: (generation: PublishedGeneration) => void,
  ) {}

  /** The stamp of the pinned generation. */
  get stamp(): CapabilityCatalogStamp {
    return this.generation.stamp;
  }

  /** The pinned projection. */
  get projection(): CapabilityProjection {
    return this.generation.projection;
  }

  /** The Use lease provider published with the pinned generation, or `null`. */
  get useLeaseProvider(): UseGenerationLeaseProvider | null {
    return this.generation.provider;
  }

  /** Whether the pin was released. */
  get released(): boolean {
    return this.#released;
  }

  /** Drops the pin; the generation retires once it is neither current nor pinned. */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.onRelease(this.generation);
  }

  [Symbol.dispose](): void {
    this.release();
  }
}

/**
 * The per-Session catalog: one published generation, replaced only by compare-and-swap, and
 * the cleanup queue that closes every rolled-back or retired effect exactly once.
 */
export class CapabilityCatalog implements AsyncDisposable {
  #current: PublishedGeneration;
  readonly #cleanup: CleanupQueue;
  #sealed = false;
  #closing: Promise<CapabilityCleanupReport> | null = null;

  constructor(clock: MonotonicClock = defaultClock) {
    const set = CapabilitySet.empty();
    const plan = CapabilityReadinessPlan.build(set);
    if (!plan.ok) throw new Error(plan.error.message);
    this.#current = new PublishedGeneration(
      CapabilityProjection.empty(set, plan.value),
      catalogStamp(set.generation, set.digest),
      null,
      [],
    );
    this.#cleanup = new CleanupQueue(clock);
  }

  /** The stamp of the published generation. */
  currentStamp(): CapabilityCatalogStamp {
    return this.#current.stamp;
  }

  /** Pins the published generation. The only way Runs and compatibility checks read it. */
  pin(): CapabilityProjectionLease {
    const generation = this.#current;
    generation.refs += 1;
    return new CapabilityProjectionLease(generation, (g) => this.#unref(g));
  }

  /**
   * Publishes `projection` if the current stamp still equals `base`. Either way the catalog
   * owns `effects` afterwards: a stale base queues them as a rollback batch and fails with
   * `commit-conflict`. Never acquires a Use lease.
   */
  publish(
    base: CapabilityCatalogStamp,
    projection: CapabilityProjection,
    provider: UseGenerationLeaseProvider | null,
    effects: CapabilityEffect[],
  ): Result<CapabilityCommitReceipt, CapabilityProjectionError> {
    const previous = this.#current;
    if (!sameStamp(previous.stamp, base)) {
      this.enqueue('rollback', effects);
      return err(
        CapabilityProjectionError.commitConflict(
          base.generation,
          base.digest,
          previous.stamp.generation,
          previous.stamp.digest,
        ),
      );
    }
    const stamp = catalogStamp(projection.set.generation, projection.set.digest);
    this.#current = new PublishedGeneration(projection, stamp, provider, effects.splice(0));
    previous.current = false;
    this.#unref(previous);
    return ok(Object.freeze({ previous: previous.stamp, committed: stamp }));
  }

  /** Queues `effects` (moved in) for closing. After the final drain they are drained at once. */
  enqueue(reason: CleanupReason, effects: CapabilityEffect[]): void {
    if (effects.length === 0) return;
    this.#cleanup.enqueue(reason, effects);
    if (this.#sealed) void this.#cleanup.drain();
  }

  /** The number of cleanup batches waiting for a drain. */
  pendingCleanupBatches(): number {
    return this.#cleanup.pending;
  }

  /** Moves all effects of the published generation into one retired batch (Session close). */
  retireCurrentEffects(): void {
    this.enqueue('retired', this.#current.effects);
  }

  /** Closes every queued effect (see {@link CleanupQueue.drain}). */
  drainCleanup(policy: CleanupPolicy = DEFAULT_CLEANUP_POLICY): Promise<CapabilityCleanupReport> {
    return this.#cleanup.drain(policy);
  }

  /**
   * Marks the catalog as past its final drain: effects that arrive later (an adapter that
   * resolved after its batch was abandoned) are closed right away instead of waiting forever.
   */
  seal(): void {
    this.#sealed = true;
    if (this.#cleanup.pending > 0) void this.#cleanup.drain();
  }

  /**
   * The final drain (Session close): retires the published generation's effects, closes every
   * queued effect and seals the queue. Idempotent: later calls return the same report. The
   * published stamp is left as it is.
   */
  close(policy: CleanupPolicy = DEFAULT_CLEANUP_POLICY): Promise<CapabilityCleanupReport> {
    if (this.#closing === null) {
      this.retireCurrentEffects();
      this.#closing = this.drainCleanup(policy).then((report) => {
        this.seal();
        return report;
      });
    }
    return this.#closing;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  #unref(generation: PublishedGeneration): void {
    generation.refs -= 1;
    if (generation.refs === 0 && !generation.current) {
      this.enqueue('retired', generation.effects);
    }
  }
}
