import {
  type AgentInstanceId,
  CONTROL_INSTANCE_IDENTITIES_CAPACITY,
  CONTROL_PROTOCOL_VERSION,
  type CommandEnvelope,
  CommandEnvelopeCodec,
  type CommandId,
  type ControlError,
  type ControlEvent,
  type ControlHealth,
  type ControlSnapshot,
  deepFreeze,
  type EffectEnvelope,
  Gate4AgentError,
  isSafeU64,
  type ObservationEnvelope,
  ObservationEnvelopeCodec,
  ok,
  type Result,
  type SchemaViolation,
  SessionGeneration,
  type SessionSnapshot,
} from '@gate4agent/types';
import { COUNTER_MAX } from '../constants.js';
import { reduceCommand } from './apply-command.js';
import { reduceObservation } from './apply-observation.js';
import { commitReduction, type Reduction } from './commit.js';
import { emitEvent } from './counters.js';
import { deepCopy } from './deep-copy.js';
import {
  cloneEngineState,
  createEngineState,
  type EngineState,
  sortedInstanceIds,
} from './engine-state.js';

/** The checked copy, or a Gate4AgentError naming the method and the first malformed field. */
function owned_<T>(checked: Result<T, SchemaViolation>, method: string): T {
  if (checked.ok) return checked.value;
  throw new Gate4AgentError(
    'invalid-argument',
    `${method} was given a malformed value: ${checked.error.message}. Nothing was applied; build it with the typed constructors`,
  );
}

let stateOf: (engine: Gate4AgentEngine) => EngineState;

/**
 * The control session engine: a single-writer, deterministic reducer over agent sessions.
 * Commands and observations are reduced all-or-nothing; work for the runtime leaves as effects
 * and comes back as observations; what happened leaves as ordered events.
 */
export class Gate4AgentEngine {
  /** The engine's whole state; tests reach it through {@link engineStateOf}. */
  #state: EngineState = createEngineState();

  static {
    stateOf = (engine) => engine.#state;
  }

  #commit(reduce: Reduction): Result<void, ControlError> {
    const committed = commitReduction(this.#state, reduce);
    this.#state = committed.state;
    return committed.result;
  }

  /**
   * Applies one command. On success the revision advances once, one event is queued and the
   * command's effect (if any) is queued; on error nothing changes. A command that does not match
   * the `CommandEnvelope` schema throws {@link Gate4AgentError} `invalid-argument`, unapplied.
   */
  applyCommand(envelope: CommandEnvelope): Result<void, ControlError> {
    // The engine keeps no reference to caller-owned objects: the checked value is a fresh copy.
    const checked = CommandEnvelopeCodec.checkValue(envelope);
    if (!checked.ok) return this.#explainRejection(envelope, checked);
    const owned = checked.value;
    return this.#commit((state) => reduceCommand(state, owned));
  }

  /**
   * A command that breaks its schema is refused; when the engine's own checks name the rule it
   * breaks (an inconsistent runtime policy, say), that `ControlError` is returned as before.
   * The engine's checks run on a throwaway copy of the state, so nothing changes either way.
   */
  #explainRejection(
    envelope: CommandEnvelope,
    checked: Result<never, SchemaViolation>,
  ): Result<void, ControlError> {
    try {
      const explained = reduceCommand(cloneEngineState(this.#state), deepCopy(envelope));
      if (!explained.ok) return explained;
    } catch {
      // Too malformed for the engine's checks; the schema violation says why.
    }
    return owned_(checked, 'applyCommand');
  }

  /**
   * Applies or ignores one observation. Only counter exhaustion is an error, and then nothing
   * but the exhausted counter changes. A malformed envelope throws {@link Gate4AgentError}.
   */
  tryApplyObservation(envelope: ObservationEnvelope): Result<void, ControlError> {
    const owned = owned_(ObservationEnvelopeCodec.checkValue(envelope), 'tryApplyObservation');
    return this.#commit((state) => {
      reduceObservation(state, owned);
      return ok();
    });
  }

  /** {@link Gate4AgentEngine.tryApplyObservation} with the error discarded. */
  applyObservation(envelope: ObservationEnvelope): void {
    this.tryApplyObservation(envelope);
  }

  /**
   * Queues `command-rejected { message }` for a command the caller attempted and saw fail. Uses
   * the session's generation, else the id's watermark, else 0. Never bumps the revision; does
   * nothing once event sequences are exhausted.
   */
  recordCommandRejection(commandId: CommandId, instanceId: AgentInstanceId, message: string): void {
    if (!isSafeU64(commandId) || !isSafeU64(instanceId) || typeof message !== 'string') {
      throw new Gate4AgentError(
        'invalid-argument',
        `recordCommandRejection needs integer ids from 0 to ${Number.MAX_SAFE_INTEGER} and a string message; got ${String(commandId)}, ${String(instanceId)}, ${typeof message}`,
      );
    }
    const state = this.#state;
    if (state.nextEventSequence === null) return;
    const generation =
      state.sessions.get(instanceId)?.snapshot.generation ??
      state.generationWatermarks.get(instanceId) ??
      SessionGeneration.of(0);
    emitEvent(state, commandId, instanceId, generation, { kind: 'command-rejected', message });
  }

  /**
   * Every session (ascending instance id), the revision and the health: one deep copy of the
   * engine's state, frozen, so every reader can share it without copying again.
   */
  snapshot(): ControlSnapshot {
    const state = this.#state;
    return deepFreeze({
      protocolVersion: CONTROL_PROTOCOL_VERSION,
      revision: state.revision,
      health: this.health(),
      sessions: sortedInstanceIds(state.sessions).map((id) =>
        deepCopy(state.sessions.get(id)!.snapshot),
      ),
    });
  }

  /** Counter exhaustion flags and the retained instance identities. */
  health(): ControlHealth {
    const state = this.#state;
    let providerSequenceExhaustedSessions = 0;
    for (const session of state.sessions.values()) {
      if (session.snapshot.provider.sequence === COUNTER_MAX)
        providerSequenceExhaustedSessions += 1;
    }
    return {
      operationIdExhausted: state.nextOperationId === null,
      eventSequenceExhausted: state.nextEventSequence === null,
      revisionExhausted: state.revision === COUNTER_MAX,
      providerSequenceExhaustedSessions,
      retainedInstanceIdentities: state.generationWatermarks.size,
      retainedInstanceIdentityCapacity: CONTROL_INSTANCE_IDENTITIES_CAPACITY,
    };
  }

  /** A deep copy of one live session, or `null`. */
  sessionSnapshot(instanceId: AgentInstanceId): SessionSnapshot | null {
    const session = this.#state.sessions.get(instanceId);
    return session === undefined ? null : deepCopy(session.snapshot);
  }

  /** The live instance ids in ascending order. */
  sessionInstanceIds(): AgentInstanceId[] {
    return sortedInstanceIds(this.#state.sessions);
  }

  /** Takes every queued effect, in emission order; the copies share nothing with the engine. */
  drainEffects(): EffectEnvelope[] {
    const state = this.#state;
    const effects = state.effects;
    state.effects = [];
    return deepCopy(effects);
  }

  /** Takes every queued event, in emission order; the copies share nothing with the engine. */
  drainEvents(): ControlEvent[] {
    const state = this.#state;
    const events = state.events;
    state.events = [];
    return deepCopy(events);
  }
}

/**
 * Test seam, not exported by the package: the live state behind an engine (CONTRIBUTING.md,
 * "Test seams"). Mutating it bypasses every check the engine makes.
 */
export function engineStateOf(engine: Gate4AgentEngine): EngineState {
  return stateOf(engine);
}
