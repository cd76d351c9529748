import { err, ok, type Result } from '@gate4agent/types';
import {
  MAX_LIFECYCLE_NAME_BYTES,
  MAX_SCOPE_CHILDREN,
  MAX_SCOPE_EFFECTS,
  MAX_SCOPE_TASKS,
  MAX_SCOPE_USE_GENERATION_LEASES,
} from '../constants.js';
import { CapabilityScopeError } from '../errors/capability-scope-error.js';
import { Deadline, defaultClock, type MonotonicClock } from '../util/deadline.js';
import { type CapabilityEffect, closeEffect } from './capability-effect.js';
import { validateScopeName } from './lifecycle-name.js';
import {
  emptyTally,
  finishReport,
  type ScopeClosePolicy,
  type ScopeCloseReport,
} from './scope-close-report.js';
import type { RetainedUseGeneration } from './use-generation-lease.js';

interface SupervisedTask {
  readonly name: string;
  outcome: 'running' | 'completed' | 'failed' | 'cancelled';
  readonly settled: Promise<void>;
}

/** A child a supervisor closes before its own effects. */
export interface SupervisedChild {
  readonly id: string;
  close(policy: ScopeClosePolicy): Promise<Result<ScopeCloseReport, CapabilityScopeError>>;
  cancel(): void;
}

/**
 * The lifecycle owner of one scope: its tasks, children, effects and (for a Run) its single
 * Use generation lease. Closing settles them in that order within one deadline.
 */
export class ScopeSupervisor {
  #accepting = true;
  readonly #tasks: SupervisedTask[] = [];
  readonly #children: SupervisedChild[] = [];
  readonly #effects: CapabilityEffect[] = [];
  readonly #leases: RetainedUseGeneration[] = [];

  constructor(
    readonly scopeId: string,
    readonly signal: AbortSignal,
    private readonly clock: MonotonicClock = defaultClock,
  ) {}

  /** Whether registrations are still accepted (open and not cancelled). */
  get accepting(): boolean {
    return this.#accepting && !this.signal.aborted;
  }

  /** Stops accepting registrations (close has begun). */
  stopAccepting(): void {
    this.#accepting = false;
  }

  #guard(): Result<void, CapabilityScopeError> {
    return this.accepting ? ok() : err(CapabilityScopeError.supervisorClosed(this.scopeId));
  }

  /** Registers an effect this scope closes on close; its name must be a lifecycle name. */
  registerEffect(effect: CapabilityEffect): Result<void, CapabilityScopeError> {
    const name = validateScopeName(
      effect.name,
      'lifecycle_name',
      MAX_LIFECYCLE_NAME_BYTES,
      CapabilityScopeError.invalidLifecycleName,
    );
    if (!name.ok) return name;
    const open = this.#guard();
    if (!open.ok) return open;
    if (this.#effects.length === MAX_SCOPE_EFFECTS) {
      return err(CapabilityScopeError.boundExceeded('scope_effects', MAX_SCOPE_EFFECTS));
    }
    this.#effects.push(effect);
    return ok();
  }

  /** Starts a supervised task; it receives this scope's cancellation signal. */
  spawnTask(
    name: string,
    run: (signal: AbortSignal) => Promise<unknown>,
  ): Result<void, CapabilityScopeError> {
    const checked = validateScopeName(
      name,
      'lifecycle_name',
      MAX_LIFECYCLE_NAME_BYTES,
      CapabilityScopeError.invalidLifecycleName,
    );
    if (!checked.ok) return checked;
    const open = this.#guard();
    if (!open.ok) return open;
    if (this.#tasks.length === MAX_SCOPE_TASKS) {
      return err(CapabilityScopeError.boundExceeded('scope_tasks', MAX_SCOPE_TASKS));
    }
    const task: { -readonly [K in keyof SupervisedTask]: SupervisedTask[K] } = {
      name,
      outcome: 'running',
      settled: Promise.resolve(),
    };
    task.settled = Promise.resolve()
      .then(() => run(this.signal))
      .then(
        () => {
          task.outcome = 'completed';
        },
        () => {
          task.outcome = this.signal.aborted ? 'cancelled' : 'failed';
        },
      );
    this.#tasks.push(task);
    return ok();
  }

  /** Registers a child scope. */
  attachChild(child: SupervisedChild): Result<void, CapabilityScopeError> {
    const open = this.#guard();
    if (!open.ok) return open;
    if (this.#children.some((c) => c.id === child.id)) {
      return err(CapabilityScopeError.duplicateChildScope(child.id));
    }
    if (this.#children.length === MAX_SCOPE_CHILDREN) {
      return err(CapabilityScopeError.boundExceeded('scope_children', MAX_SCOPE_CHILDREN));
    }
    this.#children.push(child);
    return ok();
  }

  /** Forgets a child that finished closing (its id may be reused). */
  detachChild(child: SupervisedChild): void {
    const index = this.#children.indexOf(child);
    if (index >= 0) this.#children.splice(index, 1);
  }

  /** Takes ownership of a Use lease; at most one per scope. */
  retainLease(lease: RetainedUseGeneration): Result<void, CapabilityScopeError> {
    const open = this.#guard();
    if (!open.ok) return open;
    if (this.#leases.length === MAX_SCOPE_USE_GENERATION_LEASES) {
      return err(
        CapabilityScopeError.boundExceeded(
          'use_generation_leases',
          MAX_SCOPE_USE_GENERATION_LEASES,
        ),
      );
    }
    this.#leases.push(lease);
    return ok();
  }

  /**
   * Settles everything within one deadline: tasks, then children in reverse registration
   * order, then effects in reverse order; finally releases the leases, whatever happened.
   */
  async close(policy: ScopeClosePolicy): Promise<ScopeCloseReport> {
    this.stopAccepting();
    const tally = emptyTally();
    const deadline = new Deadline(this.clock() + policy.timeoutMs, this.clock);
    try {
      for (const task of this.#tasks.splice(0)) {
        const outcome = await deadline.race(task.settled);
        if (outcome.kind === 'timed-out') tally.tasksTimedOut += 1;
        else if (task.outcome === 'completed') tally.tasksCompleted += 1;
        else if (task.outcome === 'cancelled') tally.tasksCancelled += 1;
        else tally.tasksFailed += 1;
      }
      for (const child of [...this.#children].reverse()) {
        if (deadline.passed) {
          child.cancel();
          tally.childScopesTimedOut += 1;
          continue;
        }
        const outcome = await deadline.race(child.close({ timeoutMs: deadline.remaining }));
        if (outcome.kind === 'timed-out') tally.childScopesTimedOut += 1;
        else if (outcome.kind === 'thrown' || !outcome.value.ok) tally.childScopesFailed += 1;
        else {
          tally.childScopesClosed += 1;
          if (!outcome.value.value.isClean) tally.childScopesFailed += 1;
        }
      }
      const effects = this.#effects.splice(0);
      for (let i = effects.length - 1; i >= 0; i -= 1) {
        if (deadline.passed) {
          tally.effectsTimedOut += i + 1;
          break;
        }
        const outcome = await deadline.race(closeEffect(effects[i]!));
        if (outcome.kind === 'timed-out') tally.effectsTimedOut += 1;
        else if (outcome.kind === 'value' && outcome.value.ok) tally.effectsClosed += 1;
        else tally.effectsFailed += 1;
      }
    } finally {
      deadline.dispose();
    }
    for (const lease of this.#leases.splice(0)) {
      try {
        lease[Symbol.dispose]();
      } catch {
        // A provider whose release throws has still lost its owner; the lease counts as released.
      }
      tally.generationLeasesReleased += 1;
    }
    return finishReport(tally);
  }
}
