import { DEFAULT_CAPABILITY_CLEANUP_TIMEOUT_MS } from '../constants.js';
import { type CapabilityEffect, closeEffect } from '../lifecycle/capability-effect.js';
import { Deadline, defaultClock, type MonotonicClock } from '../util/deadline.js';

/** Why a batch of effects is waiting to be closed. */
export type CleanupReason = 'rollback' | 'retired';

/** One queued batch: the effects of an abandoned transaction or of a retired generation. */
export interface CleanupBatch {
  readonly reason: CleanupReason;
  readonly effects: readonly CapabilityEffect[];
}

/** What one drain did. Clean means nothing failed and nothing timed out. */
export interface CapabilityCleanupReport {
  readonly rollbackBatches: number;
  readonly retiredBatches: number;
  readonly effectsClosed: number;
  readonly effectsFailed: number;
  readonly effectsTimedOut: number;
  readonly isClean: boolean;
}

/** How long one drain may take, in milliseconds (upstream 5 s). */
export interface CleanupPolicy {
  readonly timeoutMs: number;
}

/** The default {@link CleanupPolicy}. */
export const DEFAULT_CLEANUP_POLICY: CleanupPolicy = Object.freeze({
  timeoutMs: DEFAULT_CAPABILITY_CLEANUP_TIMEOUT_MS,
});

/**
 * The catalog-owned FIFO of effects waiting to be closed. Every effect enters it at most once
 * and leaves it through exactly one drain, so each is closed exactly once.
 */
export class CleanupQueue {
  #batches: CleanupBatch[] = [];

  constructor(private readonly clock: MonotonicClock = defaultClock) {}

  /** Queues `effects` (moved in) as one batch; an empty list queues nothing. */
  enqueue(reason: CleanupReason, effects: CapabilityEffect[]): void {
    if (effects.length === 0) return;
    this.#batches.push(Object.freeze({ reason, effects: Object.freeze(effects.splice(0)) }));
  }

  /** The number of batches queued and not yet drained. */
  get pending(): number {
    return this.#batches.length;
  }

  /**
   * Takes the whole queue, then closes each batch's effects in reverse order, one at a time,
   * within one deadline; effects reached after the deadline count as timed out unclosed.
   */
  async drain(policy: CleanupPolicy = DEFAULT_CLEANUP_POLICY): Promise<CapabilityCleanupReport> {
    const batches = this.#batches;
    this.#batches = [];
    const deadline = new Deadline(this.clock() + policy.timeoutMs, this.clock);
    let rollbackBatches = 0;
    let retiredBatches = 0;
    let effectsClosed = 0;
    let effectsFailed = 0;
    let effectsTimedOut = 0;
    try {
      for (const batch of batches) {
        if (batch.reason === 'rollback') rollbackBatches += 1;
        else retiredBatches += 1;
        for (let i = batch.effects.length - 1; i >= 0; i -= 1) {
          if (deadline.passed) {
            effectsTimedOut += i + 1;
            break;
          }
          const outcome = await deadline.race(closeEffect(batch.effects[i]!));
          if (outcome.kind === 'timed-out') effectsTimedOut += 1;
          else if (outcome.kind === 'value' && outcome.value.ok) effectsClosed += 1;
          else effectsFailed += 1;
        }
      }
    } finally {
      deadline.dispose();
    }
    return Object.freeze({
      rollbackBatches,
      retiredBatches,
      effectsClosed,
      effectsFailed,
      effectsTimedOut,
      isClean: effectsFailed === 0 && effectsTimedOut === 0,
    });
  }
}
