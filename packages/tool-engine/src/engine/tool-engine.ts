import {
  type CapabilityCompletionBatch,
  type CapabilityEffectEnvelope,
  type CapabilityObservationDisposition,
  CapabilityObservationEnvelope,
  CapabilityProviderDescriptor,
  type CapabilityRequestKey,
  type CapabilityRequestSnapshot,
  ConsumerBoundCapabilityRequest,
  type PolicyDecision,
  ToolAuthorityEnvelope,
  type ToolAuthorityOutcome,
  type ToolEngineSnapshot,
  type ToolInstanceState,
  ToolInstanceStateSchema,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import {
  type AgentInstanceId,
  createWireCodec,
  Gate4AgentError,
  type Result,
  type SessionGeneration,
} from '@gate4agent/types';
import type { ToolEngineError } from '../errors.js';
import { admit } from '../operations/admit.js';
import { advanceTime } from '../operations/advance-time.js';
import { applyAuthority } from '../operations/apply-authority.js';
import { applyObservation } from '../operations/apply-observation.js';
import { cancelRequest } from '../operations/cancel-request.js';
import { detachProviderRuntime } from '../operations/detach-provider-runtime.js';
import { drainCompletions, drainEffects } from '../operations/drain.js';
import { evaluatePolicy } from '../operations/evaluate-policy.js';
import { registerProvider } from '../operations/register-provider.js';
import { removeInstance } from '../operations/remove-instance.js';
import { setGeneration } from '../operations/set-generation.js';
import { setInstanceState } from '../operations/set-instance-state.js';
import { snapshot } from '../operations/snapshot.js';
import {
  createEngineState,
  type ToolEngineOptions,
  type ToolEngineState,
} from '../state/engine-state.js';
import { requestSnapshotOf } from '../state/request-record.js';
import { checkScalar, checkWire, rejectWire } from './check-input.js';

let stateOf: (engine: ToolEngine) => ToolEngineState;

const instanceStateCodec = createWireCodec('ToolInstanceState', ToolInstanceStateSchema);

/**
 * The pure, single-writer grant and policy authority of the tool plane (upstream `ToolEngine`).
 * It owns no executor and does no I/O: it releases work only as drained `invoke` effects, after
 * an exact grant (and an approval when the grant asks for one), closes every accepted request
 * with exactly one terminal completion, and takes results back as fenced observations. Every
 * method that returns an error leaves the engine unchanged. Every argument is checked against
 * its schema first: a wrong shape (a NaN tick, bytes given as numbers, an unknown kind) is an
 * `invalid-input` error, never an exception and never a partial change.
 */
export class ToolEngine {
  readonly #state: ToolEngineState;

  static {
    stateOf = (engine) => engine.#state;
  }

  /** A fresh engine. `options.counters` is a test seam (see {@link ToolEngineOptions}). */
  constructor(options: ToolEngineOptions = {}) {
    this.#state = createEngineState(options);
  }

  /** Registers a provider and its capabilities (validated; never removed). */
  registerProvider(descriptor: CapabilityProviderDescriptor): Result<void, ToolEngineError> {
    const checked = checkWire(
      'registerProvider',
      CapabilityProviderDescriptor.codec,
      descriptor,
      CapabilityProviderDescriptor.validate,
    );
    return checked.ok ? registerProvider(this.#state, checked.value) : checked;
  }

  /** Whether `providerId` is registered. */
  providerExists(providerId: ToolProviderId): boolean {
    return this.#state.providers.has(providerId);
  }

  /** The registered descriptor (frozen, capabilities sorted by id), if any. */
  providerDescriptor(providerId: ToolProviderId): CapabilityProviderDescriptor | undefined {
    return this.#state.providers.get(providerId)?.descriptor;
  }

  /** Closes the provider's live requests `provider-detached` and purges its queued effects. */
  detachProviderRuntime(providerId: ToolProviderId): Result<number, ToolEngineError> {
    const checked = checkWire('detachProviderRuntime', ToolProviderId.codec, providerId);
    return checked.ok ? detachProviderRuntime(this.#state, checked.value) : checked;
  }

  /** Syncs an instance's session generation, superseding work of older generations. */
  setGeneration(
    instanceId: AgentInstanceId,
    generation: SessionGeneration,
  ): Result<void, ToolEngineError> {
    const id = checkScalar('setGeneration', 'instanceId', instanceId);
    if (!id.ok) return id;
    const checked = checkScalar('setGeneration', 'generation', generation);
    return checked.ok ? setGeneration(this.#state, instanceId, generation) : checked;
  }

  /** Marks an instance active or inactive at its current generation. */
  setInstanceState(
    instanceId: AgentInstanceId,
    generation: SessionGeneration,
    state: ToolInstanceState,
  ): Result<void, ToolEngineError> {
    const id = checkScalar('setInstanceState', 'instanceId', instanceId);
    if (!id.ok) return id;
    const checked = checkScalar('setInstanceState', 'generation', generation);
    if (!checked.ok) return checked;
    const known = checkWire('setInstanceState', instanceStateCodec, state);
    return known.ok ? setInstanceState(this.#state, instanceId, generation, known.value) : known;
  }

  /** Forgets an instance, closing its live requests; whether it was known. */
  removeInstance(instanceId: AgentInstanceId): Result<boolean, ToolEngineError> {
    const checked = checkScalar('removeInstance', 'instanceId', instanceId);
    return checked.ok ? removeInstance(this.#state, instanceId) : checked;
  }

  /** Applies one sequenced authority command: set or revoke a grant, resolve, close a client. */
  applyAuthority(envelope: ToolAuthorityEnvelope): Result<ToolAuthorityOutcome, ToolEngineError> {
    const checked = checkWire(
      'applyAuthority',
      ToolAuthorityEnvelope.codec,
      envelope,
      ToolAuthorityEnvelope.validate,
    );
    return checked.ok ? applyAuthority(this.#state, checked.value) : checked;
  }

  /** Admits a request; a denial is an `ok` decision with a `policy-denied` completion. */
  request(envelope: ConsumerBoundCapabilityRequest): Result<PolicyDecision, ToolEngineError> {
    const state = this.#state;
    const checked = ConsumerBoundCapabilityRequest.codec.checkValue(envelope);
    if (checked.ok) return admit(state, checked.value);
    // The explanation closure is built only for a refused envelope, off the hot path.
    return rejectWire('request', checked.error, envelope, (value: ConsumerBoundCapabilityRequest) =>
      ConsumerBoundCapabilityRequest.validate(value, state.currentTick),
    );
  }

  /**
   * Cancels the live request at `key` for its own client: it ends `client-cancelled`, and a
   * dispatched operation is cancelled with that reason. False (and no change) when no live request
   * has that key, for example because it already completed.
   */
  cancelRequest(key: CapabilityRequestKey): boolean {
    return cancelRequest(this.#state, key);
  }

  /**
   * The decision {@link ToolEngine.request} would reach for `envelope` right now, without
   * recording anything: a dry run for approval surfaces and benchmarks. Throws
   * {@link Gate4AgentError} `invalid-argument` when `envelope` does not have its schema's shape.
   */
  evaluatePolicy(envelope: ConsumerBoundCapabilityRequest): PolicyDecision {
    const checked = ConsumerBoundCapabilityRequest.codec.checkValue(envelope);
    if (!checked.ok) {
      throw new Gate4AgentError(
        'invalid-argument',
        `evaluatePolicy needs a ConsumerBoundCapabilityRequest: ${checked.error.message}`,
      );
    }
    return evaluatePolicy(this.#state, checked.value);
  }

  /** Moves the logical clock, timing out every live request whose deadline is reached. */
  advanceTime(tick: number): Result<void, ToolEngineError> {
    const checked = checkScalar('advanceTime', 'tick', tick);
    return checked.ok ? advanceTime(this.#state, tick) : checked;
  }

  /** Applies (or, with its reason, ignores) a provider's result for one operation. */
  applyObservation(
    envelope: CapabilityObservationEnvelope,
  ): Result<CapabilityObservationDisposition, ToolEngineError> {
    const checked = checkWire('applyObservation', CapabilityObservationEnvelope.codec, envelope);
    return checked.ok ? applyObservation(this.#state, checked.value) : checked;
  }

  /** Every queued effect, oldest first; the queue is then empty. */
  drainEffects(): CapabilityEffectEnvelope[] {
    return drainEffects(this.#state);
  }

  /** Every queued completion, oldest first, with drop counters and sequence state. */
  drainCompletions(): CapabilityCompletionBatch {
    return drainCompletions(this.#state);
  }

  /** The engine as payload-free data, every list sorted by key. */
  snapshot(): ToolEngineSnapshot {
    return snapshot(this.#state);
  }

  /** One request's snapshot (frozen), if a record exists for `key`. */
  requestSnapshot(key: CapabilityRequestKey): CapabilityRequestSnapshot | undefined {
    const record = this.#state.requests.get(key);
    return record === undefined ? undefined : requestSnapshotOf(record);
  }

  /** The known instances, ascending. */
  instanceIds(): AgentInstanceId[] {
    return [...this.#state.generations.keys()].sort((left, right) => left - right);
  }

  /** How many effects wait to be drained. */
  get pendingEffectCount(): number {
    return this.#state.effects.length;
  }

  /** How many completions wait to be drained. */
  get pendingCompletionCount(): number {
    return this.#state.completions.length;
  }

  /** How many requests are open (not terminal); their deadlines count logical ticks. */
  get openRequestCount(): number {
    return this.#state.requests.liveSize;
  }

  /** Log form (as upstream `Debug`): the payload-free snapshot and the queue lengths. */
  [Symbol.for('nodejs.util.inspect.custom')](
    _depth: number,
    options: object,
    inspect: (value: unknown, options: object) => string,
  ): string {
    const view = {
      snapshot: this.snapshot(),
      pendingEffectCount: this.pendingEffectCount,
      pendingCompletionCount: this.pendingCompletionCount,
    };
    return `ToolEngine ${inspect(view, options)}`;
  }
}

/**
 * Test seam, not exported by the package: the live state behind an engine, so a test can do
 * what upstream's in-crate tests do (read the stored payload, fill the effect queue, set the
 * tick or a counter). Mutating it bypasses every check the engine makes.
 */
export function engineStateOf(engine: ToolEngine): ToolEngineState {
  return stateOf(engine);
}
