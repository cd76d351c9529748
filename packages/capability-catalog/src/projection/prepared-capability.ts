import type { Result } from '@gate4agent/types';
import { Gate4AgentError } from '@gate4agent/types';
import type { CapabilityAdapterError } from '../errors/leaf-errors.js';
import type { CapabilityEffect } from '../lifecycle/capability-effect.js';
import type { CapabilityValue } from '../values/capability-value.js';

/** A ready runtime value and the effects acquired to make it ready. */
export class PreparedCapability {
  #effects: CapabilityEffect[] | null = [];

  constructor(readonly value: CapabilityValue) {}

  /**
   * Appends an effect. It never fails, so an adapter cannot lose an effect it already acquired;
   * the transaction checks the aggregate bound.
   */
  pushEffect(effect: CapabilityEffect): this {
    if (this.#effects === null) {
      throw new Gate4AgentError(
        'invalid-transaction-state',
        'PreparedCapability effects were already handed over; push effects before returning it',
      );
    }
    this.#effects.push(effect);
    return this;
  }

  /** The number of effects still owned by this value. */
  get effectCount(): number {
    return this.#effects?.length ?? 0;
  }

  /** Moves the effects out (ownership passes to the caller); later calls return nothing. */
  takeEffects(): CapabilityEffect[] {
    const effects = this.#effects ?? [];
    this.#effects = null;
    return effects;
  }
}

/**
 * Prepares one capability value. `prepare` is called once; resolving is the readiness barrier
 * (the value must be fully initialised). When `signal` aborts the adapter must release what it
 * acquired so far; if it resolves anyway, the catalog closes the returned effects.
 */
export interface CapabilityProjectionAdapter {
  prepare(signal: AbortSignal): Promise<Result<PreparedCapability, CapabilityAdapterError>>;
}
