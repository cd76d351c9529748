import { err, ok, type Result, utf8ByteLength } from '@gate4agent/types';
import { MAX_SCOPE_ID_BYTES, MAX_SCOPE_LOCAL_ID_BYTES } from '../constants.js';
import { CapabilityScopeError } from '../errors/capability-scope-error.js';
import type { CapabilityDescriptor } from '../identity/capability-descriptor.js';
import type { CapabilitySet } from '../identity/capability-set.js';
import {
  describeUseGenerationMismatch,
  type UseCapabilityGeneration,
} from '../identity/use-capability-generation.js';
import { type LinkedAbortController, linkSignals } from '../util/abort.js';
import { defaultClock, type MonotonicClock } from '../util/deadline.js';
import type { CapabilityCeiling } from './capability-ceiling.js';
import type { CapabilityEffect } from './capability-effect.js';
import { validateScopeName } from './lifecycle-name.js';
import {
  type ScopeClosePolicy,
  type ScopeCloseReport,
  scopeClosePolicy,
} from './scope-close-report.js';
import { ScopeSupervisor } from './scope-supervisor.js';
import type { RetainedUseGeneration } from './use-generation-lease.js';

/** The level of a scope: a Session, a Run in it, a Turn of a Run, a subtask. */
export type ScopeKind = 'session' | 'run' | 'turn' | 'subtask';

const CHILD_KINDS: Readonly<Record<ScopeKind, readonly ScopeKind[]>> = {
  session: [],
  run: ['turn', 'subtask'],
  turn: ['subtask'],
  subtask: ['turn', 'subtask'],
};

function scopeId(
  parent: string | null,
  kind: ScopeKind,
  localId: string,
): Result<string, CapabilityScopeError> {
  const local = validateScopeName(
    localId,
    'scope_local_id',
    MAX_SCOPE_LOCAL_ID_BYTES,
    CapabilityScopeError.invalidScopeId,
  );
  if (!local.ok) return local;
  const id = parent === null ? `${kind}/${localId}` : `${parent}/${kind}/${localId}`;
  if (utf8ByteLength(id) > MAX_SCOPE_ID_BYTES) {
    return err(CapabilityScopeError.boundExceeded('scope_id', MAX_SCOPE_ID_BYTES));
  }
  return ok(id);
}

/**
 * A lifecycle scope over one immutable capability set, bounded by a ceiling. Its supervisor
 * owns tasks, children, effects and (for a Run) the Use lease; `close()` settles them all once.
 */
export class CapabilityScope implements AsyncDisposable {
  readonly #controller: LinkedAbortController;
  readonly #supervisor: ScopeSupervisor;
  readonly #parent: CapabilityScope | null;
  #closing: Promise<Result<ScopeCloseReport, CapabilityScopeError>> | null = null;
  #closed = false;

  private constructor(
    readonly id: string,
    readonly kind: ScopeKind,
    readonly set: CapabilitySet,
    readonly ceiling: CapabilityCeiling,
    parent: CapabilityScope | null,
    signal: AbortSignal | undefined,
    private readonly clock: MonotonicClock,
  ) {
    this.#parent = parent;
    this.#controller = linkSignals(signal);
    this.#supervisor = new ScopeSupervisor(id, this.#controller.signal, clock);
  }

  /**
   * The root scope of a Session over `set`. Its cancellation is a child of `signal`: the host
   * cancels it, while closing it leaves the host alone. An aborted `signal` is `scope-inactive`.
   */
  static newSession(
    localId: string,
    set: CapabilitySet,
    ceiling: CapabilityCeiling,
    signal?: AbortSignal,
    clock: MonotonicClock = defaultClock,
  ): Result<CapabilityScope, CapabilityScopeError> {
    const id = scopeId(null, 'session', localId);
    if (!id.ok) return id;
    if (ceiling.catalogDigest !== set.digest)
      return err(CapabilityScopeError.ceilingCatalogMismatch());
    if (signal?.aborted === true) return err(CapabilityScopeError.scopeInactive(id.value));
    return ok(new CapabilityScope(id.value, 'session', set, ceiling, null, signal, clock));
  }

  /** The parent scope's id, or `null` for a Session scope. */
  get parentId(): string | null {
    return this.#parent?.id ?? null;
  }

  /** The digest of the catalog this scope reads. */
  get catalogDigest(): string {
    return this.set.digest;
  }

  /** The Use cursor of the set, or `null`. */
  get useGeneration(): UseCapabilityGeneration | null {
    return this.set.useCapabilityGeneration();
  }

  /** Whether the scope is open and not cancelled. */
  get isActive(): boolean {
    return this.#closing === null && this.#supervisor.accepting;
  }

  /** This scope's cancellation. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The descriptors of the set this scope's ceiling allows, in id order. */
  lease(): readonly CapabilityDescriptor[] {
    return this.set.iter().filter((d) => this.ceiling.allows(d.id));
  }

  /** Admits a Run into a Session scope whose set has no Use cursor. */
  admitRun(
    localId: string,
    ceiling: CapabilityCeiling,
  ): Result<CapabilityScope, CapabilityScopeError> {
    if (this.useGeneration !== null) return err(CapabilityScopeError.missingUseGenerationLease());
    return this.#child('run', localId, ceiling);
  }

  /**
   * Admits a Run that retains `lease`. A lease for another cursor (or any admission failure) is
   * released at once; otherwise the Run scope owns it until it closes.
   */
  admitUseRun(
    localId: string,
    ceiling: CapabilityCeiling,
    lease: RetainedUseGeneration,
  ): Result<CapabilityScope, CapabilityScopeError> {
    const refuse = (error: CapabilityScopeError): Result<never, CapabilityScopeError> => {
      lease[Symbol.dispose]();
      return err(error);
    };
    const expected = this.useGeneration;
    if (expected === null) return refuse(CapabilityScopeError.unexpectedUseGenerationLease());
    if (!expected.equals(lease.useGeneration)) {
      return refuse(
        CapabilityScopeError.useGenerationLeaseMismatch(
          ...describeUseGenerationMismatch(expected, lease.useGeneration),
        ),
      );
    }
    const run = this.#child('run', localId, ceiling);
    if (!run.ok) return refuse(run.error);
    const retained = run.value.#supervisor.retainLease(lease);
    if (!retained.ok) {
      run.value.cancel();
      return refuse(retained.error);
    }
    return run;
  }

  /** Opens a Turn or subtask child scope (Session → Run goes through the admit methods). */
  child(
    kind: 'turn' | 'subtask',
    localId: string,
    ceiling: CapabilityCeiling = this.ceiling,
  ): Result<CapabilityScope, CapabilityScopeError> {
    return this.#child(kind, localId, ceiling);
  }

  #child(
    kind: ScopeKind,
    localId: string,
    ceiling: CapabilityCeiling,
  ): Result<CapabilityScope, CapabilityScopeError> {
    const allowed =
      kind === 'run' ? this.kind === 'session' : CHILD_KINDS[this.kind].includes(kind);
    if (!allowed)
      return err(
        CapabilityScopeError.invalidScopeId(`a ${this.kind} scope cannot own a ${kind} scope`),
      );
    const id = scopeId(this.id, kind, localId);
    if (!id.ok) return id;
    if (!this.isActive) return err(CapabilityScopeError.scopeInactive(this.id));
    const within = ceiling.within(this.ceiling);
    if (!within.ok) return within;
    const child = new CapabilityScope(
      id.value,
      kind,
      this.set,
      ceiling,
      this,
      this.signal,
      this.clock,
    );
    const attached = this.#supervisor.attachChild(child);
    if (!attached.ok) {
      child.#controller.dispose();
      return attached;
    }
    return ok(child);
  }

  /** Registers an effect closed (in reverse order) when this scope closes. */
  registerEffect(effect: CapabilityEffect): Result<void, CapabilityScopeError> {
    return this.#supervisor.registerEffect(effect);
  }

  /** Starts a task settled when this scope closes; it gets this scope's signal. */
  spawnTask(
    name: string,
    run: (signal: AbortSignal) => Promise<unknown>,
  ): Result<void, CapabilityScopeError> {
    return this.#supervisor.spawnTask(name, run);
  }

  /** Fires this scope's cancellation (and its children's); close still has to run. */
  cancel(): void {
    this.#controller.abort();
  }

  /**
   * Closes the scope once: cancels it, settles tasks, closes children and effects, releases the
   * lease, detaches from the parent. Concurrent and later callers get the same report.
   */
  close(policy?: ScopeClosePolicy): Promise<Result<ScopeCloseReport, CapabilityScopeError>> {
    if (this.#closing !== null) return this.#closing;
    const checked = scopeClosePolicy(policy?.timeoutMs);
    if (!checked.ok) return Promise.resolve(checked);
    this.#closing = this.#close(checked.value);
    return this.#closing;
  }

  /**
   * A handle that does not keep the scope's registrations alive: once the scope stops being
   * active, registering through it fails with `scope-inactive`.
   */
  handle(): CapabilityScopeHandle {
    return new CapabilityScopeHandle(this);
  }

  /** Closes the scope (see {@link close}); a report that is not clean is not an exception. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  /** Whether close has finished. */
  get closed(): boolean {
    return this.#closed;
  }

  async #close(policy: ScopeClosePolicy): Promise<Result<ScopeCloseReport, CapabilityScopeError>> {
    this.#supervisor.stopAccepting();
    this.#controller.abort();
    const report = await this.#supervisor.close(policy);
    this.#controller.dispose();
    if (this.#parent !== null) this.#parent.#supervisor.detachChild(this);
    this.#closed = true;
    return ok(report);
  }
}

/** A weak, copyable reference to a scope (see {@link CapabilityScope.handle}). */
export class CapabilityScopeHandle {
  readonly #scope: WeakRef<CapabilityScope>;
  readonly scopeId: string;

  constructor(scope: CapabilityScope) {
    this.#scope = new WeakRef(scope);
    this.scopeId = scope.id;
  }

  /** Whether the scope is still alive and active. */
  get isActive(): boolean {
    return this.#scope.deref()?.isActive ?? false;
  }

  /** Registers an effect in the scope, or fails with `scope-inactive` when it is gone. */
  registerEffect(effect: CapabilityEffect): Result<void, CapabilityScopeError> {
    const scope = this.#scope.deref();
    if (scope === undefined || !scope.isActive)
      return err(CapabilityScopeError.scopeInactive(this.scopeId));
    return scope.registerEffect(effect);
  }
}
