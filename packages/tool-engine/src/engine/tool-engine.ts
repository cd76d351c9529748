import type {
  CapabilityCompletionBatch,
  CapabilityEffectEnvelope,
  CapabilityObservationDisposition,
  CapabilityObservationEnvelope,
  CapabilityProviderDescriptor,
  CapabilityRequestKey,
  CapabilityRequestSnapshot,
  ConsumerBoundCapabilityRequest,
  PolicyDecision,
  ToolAuthorityEnvelope,
  ToolAuthorityOutcome,
  ToolEngineSnapshot,
  ToolInstanceState,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { AgentInstanceId, Result, SessionGeneration } from '@gate4agent/types';
import type { ToolEngineError } from '../errors.js';
import { admit } from '../operations/admit.js';
import { advanceTime } from '../operations/advance-time.js';
import { applyAuthority } from '../operations/apply-authority.js';
import { applyObservation } from '../operations/apply-observation.js';
import { cancelRequest } from '../operations/cancel-request.js';
import { detachProviderRuntime } from '../operations/detach-provider-runtime.js';
import { drainCompletions, drainEffects } from '../operations/drain.js';
import { evaluatePolicy, policyTargetOf } from '../operations/evaluate-policy.js';
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

let stateOf: (engine: ToolEngine) => ToolEngineState;

/**
 * The pure, single-writer grant and policy authority of the tool plane (upstream `ToolEngine`).
 * It owns no executor and does no I/O: it releases work only as drained `invoke` effects, after
 * an exact grant (and an approval when the grant asks for one), closes every accepted request
 * with exactly one terminal completion, and takes results back as fenced observations. Every
 * method that returns an error leaves the engine unchanged.
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
    return registerProvider(this.#state, descriptor);
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
    return detachProviderRuntime(this.#state, providerId);
  }

  /** Syncs an instance's session generation, superseding work of older generations. */
  setGeneration(
    instanceId: AgentInstanceId,
    generation: SessionGeneration,
  ): Result<void, ToolEngineError> {
    return setGeneration(this.#state, instanceId, generation);
  }

  /** Marks an instance active or inactive at its current generation. */
  setInstanceState(
    instanceId: AgentInstanceId,
    generation: SessionGeneration,
    state: ToolInstanceState,
  ): Result<void, ToolEngineError> {
    return setInstanceState(this.#state, instanceId, generation, state);
  }

  /** Forgets an instance, closing its live requests; whether it was known. */
  removeInstance(instanceId: AgentInstanceId): Result<boolean, ToolEngineError> {
    return removeInstance(this.#state, instanceId);
  }

  /** Applies one sequenced authority command: set or revoke a grant, resolve, close a client. */
  applyAuthority(envelope: ToolAuthorityEnvelope): Result<ToolAuthorityOutcome, ToolEngineError> {
    return applyAuthority(this.#state, envelope);
  }

  /** Admits a request; a denial is an `ok` decision with a `policy-denied` completion. */
  request(envelope: ConsumerBoundCapabilityRequest): Result<PolicyDecision, ToolEngineError> {
    return admit(this.#state, envelope);
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
   * validating or recording anything: a dry run for approval surfaces and benchmarks.
   */
  evaluatePolicy(envelope: ConsumerBoundCapabilityRequest): PolicyDecision {
    return evaluatePolicy(this.#state, policyTargetOf(envelope));
  }

  /** Moves the logical clock, timing out every live request whose deadline is reached. */
  advanceTime(tick: number): Result<void, ToolEngineError> {
    return advanceTime(this.#state, tick);
  }

  /** Applies (or, with its reason, ignores) a provider's result for one operation. */
  applyObservation(
    envelope: CapabilityObservationEnvelope,
  ): Result<CapabilityObservationDisposition, ToolEngineError> {
    return applyObservation(this.#state, envelope);
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
    return this.#state.requests.get(key)?.snapshot;
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
