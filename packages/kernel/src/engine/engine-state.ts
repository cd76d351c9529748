import type {
  AgentInstanceId,
  ControlError,
  ControlEvent,
  EffectEnvelope,
  ProviderInteractionId,
  ProviderRuntimePolicy,
  SessionGeneration,
  SessionSnapshot,
  TerminalSize,
} from '@gate4agent/types';
import { deepCopy } from './deep-copy.js';

/** One live session: its public snapshot plus the engine's private bookkeeping. */
export interface SessionState {
  /** The public view, copied into every {@link ControlSnapshot}. */
  snapshot: SessionSnapshot;
  /** The policy of the last accepted start (`rawPty()` from register on). */
  runtimePolicy: ProviderRuntimePolicy;
  /** The size requested by `start` or `resize`, adopted by `spawned` / `resize-completed`. */
  pendingTerminalSize: TerminalSize | null;
  /** Whether the pending input is the `interrupt` terminal control. */
  pendingInterrupt: boolean;
  /**
   * Provider interactions that an interrupt resolves once its input completes. Provider
   * interactions are out of scope, so nothing in the package adds to this list; the test seam
   * `seedUnresolvedInteraction` does, to exercise a reduction that emits two events.
   */
  unresolvedInteractions: ProviderInteractionId[];
}

/**
 * The whole engine as plain data: `deepCopy` (or `structuredClone`) copies it and `isDeepStrictEqual` compares
 * it, which is how a reduction is made atomic and how the tests compare whole engines.
 */
export interface EngineState {
  /** Live sessions by instance id; iterate through {@link sortedInstanceIds}. */
  sessions: Map<AgentInstanceId, SessionState>;
  /** The highest generation each instance id ever had; entries are never removed. */
  generationWatermarks: Map<AgentInstanceId, SessionGeneration>;
  /** The next operation id, or `null` once `COUNTER_MAX` was issued. */
  nextOperationId: number | null;
  /** The next event sequence, or `null` once `COUNTER_MAX` was emitted. */
  nextEventSequence: number | null;
  /** The snapshot revision; `COUNTER_MAX` means exhausted. */
  revision: number;
  /** A counter error recorded inside the reduction in progress. */
  counterError: ControlError | null;
  /** Effects not yet drained, in emission order. */
  effects: EffectEnvelope[];
  /** Events not yet drained, in emission order. */
  events: ControlEvent[];
}

/** A fresh engine: no sessions, operation id 1, event sequence 1, revision 0. */
export function createEngineState(): EngineState {
  return {
    sessions: new Map(),
    generationWatermarks: new Map(),
    nextOperationId: 1,
    nextEventSequence: 1,
    revision: 0,
    counterError: null,
    effects: [],
    events: [],
  };
}

/** A deep copy that shares nothing with `state`. */
export function cloneEngineState(state: EngineState): EngineState {
  return deepCopy(state);
}

/** Instance ids of `map` in ascending numeric order (Rust iterates a BTreeMap). */
export function sortedInstanceIds(map: ReadonlyMap<AgentInstanceId, unknown>): AgentInstanceId[] {
  return [...map.keys()].sort((a, b) => a - b);
}
