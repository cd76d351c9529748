import { err, ok, type Result } from '@gate4agent/types';
import { CapabilityRuntimeError } from '../errors/capability-runtime-error.js';
import {
  describeThrown,
  type UseGenerationLeaseError,
  useGenerationLeaseError,
} from '../errors/leaf-errors.js';
import type { CapabilityCeiling } from '../lifecycle/capability-ceiling.js';
import { CapabilityScope } from '../lifecycle/capability-scope.js';
import type { ScopeCloseReport } from '../lifecycle/scope-close-report.js';
import type { RetainedUseGeneration } from '../lifecycle/use-generation-lease.js';
import type { CapabilityProjectionLease } from '../projection/capability-catalog.js';
import type { CapabilityProjection } from '../projection/capability-projection.js';
import type { CapabilityCatalogStamp } from '../projection/catalog-stamp.js';
import { raceAbort } from '../util/abort.js';
import type { MonotonicClock } from '../util/deadline.js';
import { ensureUseGenerationMatches } from './session-capability-batch.js';

async function acquireLease(
  lease: CapabilityProjectionLease,
  signal: AbortSignal,
): Promise<Result<RetainedUseGeneration, UseGenerationLeaseError>> {
  try {
    return await lease.useLeaseProvider!.acquire(signal);
  } catch (thrown) {
    return err(useGenerationLeaseError(describeThrown(thrown)));
  }
}

/**
 * A Run admitted on one pinned generation: its Session and Run scopes, the pin, and (for a
 * Use-backed generation) exactly one Use lease owned by the Run scope. `close()` settles the
 * scopes and releases the lease even when close is not clean; `release()` drops the pin.
 */
export class SessionCapabilityRun implements AsyncDisposable {
  private constructor(
    private readonly sessionScope: CapabilityScope,
    readonly runScope: CapabilityScope,
    private readonly pin: CapabilityProjectionLease,
  ) {}

  /**
   * Admits a Run on `pin`. On any failure the partial Session scope is cancelled and closed,
   * a lease acquired after the loss is released, and the pin is released.
   */
  static async admit(
    pin: CapabilityProjectionLease,
    sessionLocalId: string,
    runLocalId: string,
    ceiling: CapabilityCeiling,
    signal: AbortSignal,
    clock?: MonotonicClock,
  ): Promise<Result<SessionCapabilityRun, CapabilityRuntimeError>> {
    const fail = (error: CapabilityRuntimeError, scope?: CapabilityScope) => {
      if (scope !== undefined) {
        scope.cancel();
        void scope.close();
      }
      pin.release();
      return err(error);
    };
    if (signal.aborted) return fail(CapabilityRuntimeError.cancelled());
    const set = pin.projection.set;
    const session = CapabilityScope.newSession(sessionLocalId, set, ceiling, signal, clock);
    if (!session.ok) return fail(CapabilityRuntimeError.scope(session.error));
    const scope = session.value;
    const expected = set.useCapabilityGeneration();
    const provider = pin.useLeaseProvider;
    if (expected === null) {
      if (provider !== null)
        return fail(CapabilityRuntimeError.unexpectedUseLeaseProvider(), scope);
      const run = scope.admitRun(runLocalId, ceiling);
      if (!run.ok) return fail(CapabilityRuntimeError.scope(run.error), scope);
      return ok(new SessionCapabilityRun(scope, run.value, pin));
    }
    if (provider === null) return fail(CapabilityRuntimeError.missingUseLeaseProvider(), scope);
    const matches = ensureUseGenerationMatches(expected, provider.useGeneration);
    if (!matches.ok) return fail(matches.error, scope);
    const outcome = await raceAbort(acquireLease(pin, signal), signal, (late) => {
      if (late.ok) late.value[Symbol.dispose]();
    });
    if (outcome.kind !== 'value') return fail(CapabilityRuntimeError.cancelled(), scope);
    if (!outcome.value.ok) {
      return fail(CapabilityRuntimeError.useLeaseAcquisition(outcome.value.error.message), scope);
    }
    const run = scope.admitUseRun(runLocalId, ceiling, outcome.value.value);
    if (!run.ok) return fail(CapabilityRuntimeError.scope(run.error), scope);
    return ok(new SessionCapabilityRun(scope, run.value, pin));
  }

  /** The projection the Run is pinned to. */
  get projection(): CapabilityProjection {
    return this.pin.projection;
  }

  /** The stamp of the pinned generation. */
  get stamp(): CapabilityCatalogStamp {
    return this.pin.stamp;
  }

  /** Whether the pin was released. */
  get released(): boolean {
    return this.pin.released;
  }

  /**
   * Closes the Session scope (and so the Run scope, its effects and its lease). An unclean
   * report is `run-close-incomplete` with the Session-scope counters; the lease is released
   * either way. Idempotent: later calls return the same outcome.
   */
  async close(): Promise<Result<ScopeCloseReport, CapabilityRuntimeError>> {
    const closed = await this.sessionScope.close();
    if (!closed.ok) return err(CapabilityRuntimeError.scope(closed.error));
    const report = closed.value;
    if (!report.isClean) {
      return err(
        CapabilityRuntimeError.runCloseIncomplete({
          tasksFailed: report.tasksFailed,
          tasksTimedOut: report.tasksTimedOut,
          childScopesFailed: report.childScopesFailed,
          childScopesTimedOut: report.childScopesTimedOut,
          effectsFailed: report.effectsFailed,
          effectsTimedOut: report.effectsTimedOut,
        }),
      );
    }
    return ok(report);
  }

  /**
   * Drops the pin (idempotent). A Run never closed is cancelled and closed first, so its lease
   * is still released exactly once.
   */
  release(): void {
    if (!this.sessionScope.closed) {
      this.sessionScope.cancel();
      void this.sessionScope.close();
    }
    this.pin.release();
  }

  /** Closes (an unclean close still releases everything), then releases the pin. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
    this.release();
  }
}
