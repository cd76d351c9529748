// Test seams (internal; not exported from the package index). Upstream's unit tests read and
// write the engine's private fields to reach counter and capacity boundaries without running
// 2^64 reductions; these functions are the TypeScript equivalent and exist only for tests.
import type { AgentInstanceId, ProviderInteractionId, SessionGeneration } from '@gate4agent/types';
import { Gate4AgentError } from '@gate4agent/types';
import { deepCopy } from './deep-copy.js';
import type { EngineState, SessionState } from './engine-state.js';
import { engineStateOf, type Gate4AgentEngine } from './gate4agent-engine.js';

/** A deep copy of the engine's whole state, for `isDeepStrictEqual` before/after checks. */
export function engineStateCopy(engine: Gate4AgentEngine): EngineState {
  return deepCopy(engineStateOf(engine));
}

function liveSession(engine: Gate4AgentEngine, instanceId: AgentInstanceId): SessionState {
  const session = engineStateOf(engine).sessions.get(instanceId);
  if (session === undefined) {
    throw new Gate4AgentError('unknown-instance', `test seam: instance ${instanceId} is not live`);
  }
  return session;
}

/** Sets the next operation id (`null` = exhausted). */
export function seedNextOperationId(engine: Gate4AgentEngine, next: number | null): void {
  engineStateOf(engine).nextOperationId = next;
}

/** Sets the next event sequence (`null` = exhausted). */
export function seedNextEventSequence(engine: Gate4AgentEngine, next: number | null): void {
  engineStateOf(engine).nextEventSequence = next;
}

/** Sets the snapshot revision. */
export function seedRevision(engine: Gate4AgentEngine, revision: number): void {
  engineStateOf(engine).revision = revision;
}

/** Sets (or adds) the generation watermark of `instanceId`. */
export function seedWatermark(
  engine: Gate4AgentEngine,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
): void {
  engineStateOf(engine).generationWatermarks.set(instanceId, generation);
}

/** The generation watermark of `instanceId`, or `null`. */
export function watermarkOf(
  engine: Gate4AgentEngine,
  instanceId: AgentInstanceId,
): SessionGeneration | null {
  return engineStateOf(engine).generationWatermarks.get(instanceId) ?? null;
}

/** Sets the generation of a live session. */
export function seedSessionGeneration(
  engine: Gate4AgentEngine,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
): void {
  liveSession(engine, instanceId).snapshot.generation = generation;
}

/**
 * Adds an unresolved provider interaction to a live session. Provider interactions are out of
 * scope, so this is the only way one exists: a completed interrupt then resolves it with an
 * extra `interaction-resolved { outcome: 'interrupted' }` event, the two-event reduction the
 * multi-event rollback test needs.
 */
export function seedUnresolvedInteraction(
  engine: Gate4AgentEngine,
  instanceId: AgentInstanceId,
  interactionId: ProviderInteractionId,
): void {
  liveSession(engine, instanceId).unresolvedInteractions.push(interactionId);
}
