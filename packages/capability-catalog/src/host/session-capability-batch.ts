import { err, ok, type Result } from '@gate4agent/types';
import { CapabilityProjectionError } from '../errors/capability-projection-error.js';
import { CapabilityRuntimeError } from '../errors/capability-runtime-error.js';
import type { CapabilityId } from '../identity/capability-id.js';
import { isSessionCapabilityKind } from '../identity/capability-kind.js';
import type { CapabilitySet } from '../identity/capability-set.js';
import {
  describeUseGenerationMismatch,
  type UseCapabilityGeneration,
} from '../identity/use-capability-generation.js';
import type { UseGenerationLeaseProvider } from '../lifecycle/use-generation-lease.js';
import {
  type CapabilityProjectionAdapter,
  PreparedCapability,
} from '../projection/prepared-capability.js';
import type { CapabilityValue } from '../values/capability-value.js';

/** The adapters of a consumed batch, handed to the Session that applies it. */
export interface TakenBatch {
  readonly target: CapabilitySet;
  readonly staged: readonly (readonly [CapabilityId, CapabilityProjectionAdapter])[];
  readonly provider: UseGenerationLeaseProvider | null;
}

function checkKinds(target: CapabilitySet): Result<void, CapabilityRuntimeError> {
  for (const descriptor of target.iter()) {
    if (!isSessionCapabilityKind(descriptor.capabilityKind)) {
      return err(CapabilityRuntimeError.unsupportedSessionKind(descriptor.capabilityKind));
    }
  }
  return ok();
}

/** `use-lease-provider-mismatch` when `actual` is not exactly `expected`. */
export function ensureUseGenerationMatches(
  expected: UseCapabilityGeneration,
  actual: UseCapabilityGeneration,
): Result<void, CapabilityRuntimeError> {
  if (expected.equals(actual)) return ok();
  return err(
    CapabilityRuntimeError.useLeaseProviderMismatch(
      ...describeUseGenerationMismatch(expected, actual),
    ),
  );
}

/**
 * One complete next-generation projection for a Session: the target set, one adapter per
 * descriptor and, when Use-backed, the lease provider published with it. Single use: applying
 * it consumes it, whether the apply succeeds or fails.
 */
export class SessionCapabilityBatch {
  readonly #staged = new Map<string, readonly [CapabilityId, CapabilityProjectionAdapter]>();
  #consumed = false;

  private constructor(
    readonly target: CapabilitySet,
    private readonly provider: UseGenerationLeaseProvider | null,
  ) {}

  /** A batch for a set without a Use cursor (a cursor needs {@link fromUseProjection}). */
  static create(target: CapabilitySet): Result<SessionCapabilityBatch, CapabilityRuntimeError> {
    if (target.useCapabilityGeneration() !== null) {
      return err(CapabilityRuntimeError.missingUseLeaseProvider());
    }
    const kinds = checkKinds(target);
    if (!kinds.ok) return kinds;
    return ok(new SessionCapabilityBatch(target, null));
  }

  /** A Use-backed batch; `provider` must serve exactly the set's cursor. */
  static fromUseProjection(
    target: CapabilitySet,
    provider: UseGenerationLeaseProvider,
  ): Result<SessionCapabilityBatch, CapabilityRuntimeError> {
    const expected = target.useCapabilityGeneration();
    if (expected === null) return err(CapabilityRuntimeError.unexpectedUseLeaseProvider());
    const matches = ensureUseGenerationMatches(expected, provider.useGeneration);
    if (!matches.ok) return matches;
    const kinds = checkKinds(target);
    if (!kinds.ok) return kinds;
    return ok(new SessionCapabilityBatch(target, provider));
  }

  /** Stages the adapter of one target capability; returns the batch for chaining. */
  stage(
    id: CapabilityId,
    adapter: CapabilityProjectionAdapter,
  ): Result<this, CapabilityRuntimeError> {
    const key = id.toString();
    if (this.#consumed) {
      return err(
        CapabilityRuntimeError.projection(CapabilityProjectionError.invalidTransactionState()),
      );
    }
    if (!this.target.contains(id)) {
      return err(
        CapabilityRuntimeError.projection(CapabilityProjectionError.unknownStagedCapability(key)),
      );
    }
    if (this.#staged.has(key)) {
      return err(
        CapabilityRuntimeError.projection(CapabilityProjectionError.duplicateStagedCapability(key)),
      );
    }
    this.#staged.set(key, [id, adapter]);
    return ok(this);
  }

  /** Stages a value that is ready as it is (no effects). */
  stageValue(id: CapabilityId, value: CapabilityValue): Result<this, CapabilityRuntimeError> {
    return this.stage(id, { prepare: async () => ok(new PreparedCapability(value)) });
  }

  /** The number of staged adapters. */
  get len(): number {
    return this.#staged.size;
  }

  /** Whether nothing is staged. */
  get isEmpty(): boolean {
    return this.#staged.size === 0;
  }

  /** Whether the batch was already applied. */
  get consumed(): boolean {
    return this.#consumed;
  }

  /** @internal Consumes the batch; a second call is `invalid-transaction-state`. */
  take(): Result<TakenBatch, CapabilityRuntimeError> {
    if (this.#consumed) {
      return err(
        CapabilityRuntimeError.projection(CapabilityProjectionError.invalidTransactionState()),
      );
    }
    this.#consumed = true;
    const staged = [...this.#staged.values()];
    this.#staged.clear();
    return ok({ target: this.target, staged, provider: this.provider });
  }
}
