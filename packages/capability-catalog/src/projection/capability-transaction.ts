import { err, ok, type Result } from '@gate4agent/types';
import { MAX_CAPABILITY_TRANSACTION_EFFECTS } from '../constants.js';
import { CapabilityProjectionError } from '../errors/capability-projection-error.js';
import {
  type CapabilityAdapterError,
  capabilityAdapterError,
  describeThrown,
} from '../errors/leaf-errors.js';
import type { CapabilityId } from '../identity/capability-id.js';
import type { CapabilitySet } from '../identity/capability-set.js';
import { CodeCatalogGeneration } from '../identity/code-catalog-generation.js';
import type { CapabilityEffect } from '../lifecycle/capability-effect.js';
import type { UseGenerationLeaseProvider } from '../lifecycle/use-generation-lease.js';
import { raceAbort } from '../util/abort.js';
import type { CapabilityValue } from '../values/capability-value.js';
import type { CapabilityCatalog } from './capability-catalog.js';
import { CapabilityProjection } from './capability-projection.js';
import type { CapabilityCatalogStamp, CapabilityCommitReceipt } from './catalog-stamp.js';
import type { CapabilityProjectionAdapter, PreparedCapability } from './prepared-capability.js';
import { CapabilityReadinessPlan } from './readiness-plan.js';

type Phase = 'staged' | 'preparing' | 'prepared' | 'validated' | 'finished';

/**
 * One next-generation publication: staged → prepared → validated → committed. Until commit,
 * the effects collected from adapters are rolled back as one cleanup batch on any exit
 * (`rollbackIfArmed()`, called from a `finally`), so an abandoned transaction never leaks them.
 */
export class CapabilityTransaction implements Disposable {
  #phase: Phase = 'staged';
  #effects: CapabilityEffect[] = [];
  #rollbackArmed = true;
  readonly #staged = new Map<string, { id: CapabilityId; adapter: CapabilityProjectionAdapter }>();
  readonly #values: [CapabilityId, CapabilityValue][] = [];
  #projection: CapabilityProjection | null = null;

  private constructor(
    private readonly catalog: CapabilityCatalog,
    readonly base: CapabilityCatalogStamp,
    readonly target: CapabilitySet,
    private readonly plan: CapabilityReadinessPlan,
  ) {}

  /** Starts a transaction whose target must be exactly the next generation of `catalog`. */
  static begin(
    catalog: CapabilityCatalog,
    target: CapabilitySet,
  ): Result<CapabilityTransaction, CapabilityProjectionError> {
    const base = catalog.currentStamp();
    const expected = CodeCatalogGeneration.checkedNext(base.generation);
    if (expected === null) return err(CapabilityProjectionError.generationExhausted());
    if (target.generation !== expected) {
      return err(CapabilityProjectionError.targetGenerationMismatch(expected, target.generation));
    }
    const plan = CapabilityReadinessPlan.build(target);
    if (!plan.ok) return plan;
    return ok(new CapabilityTransaction(catalog, base, target, plan.value));
  }

  /** Stages the adapter of one target capability. */
  stage(
    id: CapabilityId,
    adapter: CapabilityProjectionAdapter,
  ): Result<void, CapabilityProjectionError> {
    if (this.#phase !== 'staged') return err(CapabilityProjectionError.invalidTransactionState());
    const key = id.toString();
    if (!this.target.contains(id))
      return err(CapabilityProjectionError.unknownStagedCapability(key));
    if (this.#staged.has(key)) return err(CapabilityProjectionError.duplicateStagedCapability(key));
    this.#staged.set(key, { id, adapter });
    return ok();
  }

  /**
   * Prepares every staged adapter, one at a time in activation order, each raced against
   * `signal` (the signal wins ties). Effects move into the transaction as each adapter returns.
   */
  async prepare(signal: AbortSignal): Promise<Result<void, CapabilityProjectionError>> {
    if (this.#phase !== 'staged') return err(CapabilityProjectionError.invalidTransactionState());
    this.#phase = 'preparing';
    if (signal.aborted) return err(CapabilityProjectionError.cancelled());
    const missing = this.target.iter().find((d) => !this.#staged.has(d.id.toString()));
    if (missing !== undefined) {
      return err(CapabilityProjectionError.missingStagedCapability(missing.id.toString()));
    }
    for (const id of this.plan.activationOrder) {
      if (signal.aborted) return err(CapabilityProjectionError.cancelled());
      const key = id.toString();
      const { adapter } = this.#staged.get(key)!;
      this.#staged.delete(key);
      const outcome = await raceAbort(this.#invoke(adapter, signal), signal, (late) => {
        // The adapter resolved after it was abandoned: its effects were never published.
        if (late.ok) this.catalog.enqueue('rollback', late.value.takeEffects());
      });
      if (outcome.kind === 'aborted') return err(CapabilityProjectionError.cancelled());
      const result = outcome.kind === 'value' ? outcome.value : err(adapterFailure(outcome.thrown));
      if (!result.ok) {
        return err(CapabilityProjectionError.prepareFailed(key, result.error.message));
      }
      this.#effects.push(...result.value.takeEffects());
      if (this.#effects.length > MAX_CAPABILITY_TRANSACTION_EFFECTS) {
        return err(
          CapabilityProjectionError.effectBoundExceeded(MAX_CAPABILITY_TRANSACTION_EFFECTS),
        );
      }
      this.#values.push([id, result.value.value]);
    }
    if (signal.aborted) return err(CapabilityProjectionError.cancelled());
    this.#phase = 'prepared';
    return ok();
  }

  async #invoke(
    adapter: CapabilityProjectionAdapter,
    signal: AbortSignal,
  ): Promise<Result<PreparedCapability, CapabilityAdapterError>> {
    try {
      return await adapter.prepare(signal);
    } catch (thrown) {
      return err(adapterFailure(thrown));
    }
  }

  /** Builds the validated projection of the prepared values. */
  validate(): Result<CapabilityProjection, CapabilityProjectionError> {
    if (this.#phase !== 'prepared') return err(CapabilityProjectionError.invalidTransactionState());
    const projection = CapabilityProjection.with(this.target, this.plan, this.#values);
    if (!projection.ok) return projection;
    this.#projection = projection.value;
    this.#phase = 'validated';
    return ok(projection.value);
  }

  /**
   * Hands the projection, `provider` and every effect to the catalog's compare-and-swap and
   * disarms rollback: the catalog owns the effects whether publication succeeds or conflicts.
   */
  commit(
    provider: UseGenerationLeaseProvider | null,
  ): Result<CapabilityCommitReceipt, CapabilityProjectionError> {
    if (this.#phase !== 'validated' || this.#projection === null) {
      return err(CapabilityProjectionError.invalidTransactionState());
    }
    this.#phase = 'finished';
    this.#rollbackArmed = false;
    return this.catalog.publish(this.base, this.#projection, provider, this.#effects.splice(0));
  }

  /** Queues the collected effects as one rollback batch unless the transaction committed. */
  rollbackIfArmed(): void {
    if (!this.#rollbackArmed) return;
    this.#rollbackArmed = false;
    this.#phase = 'finished';
    this.catalog.enqueue('rollback', this.#effects.splice(0));
  }

  /** Same as {@link rollbackIfArmed}, for `using txn = …`. */
  [Symbol.dispose](): void {
    this.rollbackIfArmed();
  }
}

function adapterFailure(thrown: unknown): CapabilityAdapterError {
  return capabilityAdapterError(describeThrown(thrown));
}
