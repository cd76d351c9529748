import type {
  CapabilityCompletionBatch,
  CapabilityEffectEnvelope,
} from '@gate4agent/tool-protocol';
import type { ToolEngineState } from '../state/engine-state.js';

/** Hands over every queued effect, oldest first, and empties the queue (no revision change). */
export function drainEffects(state: ToolEngineState): CapabilityEffectEnvelope[] {
  const effects = state.effects;
  state.effects = [];
  return effects;
}

/**
 * Hands over every queued completion, oldest first, with the drop counters (the since-last-drain
 * one then restarts at 0) and the sequence state. Raw result bytes and references exist only in
 * this queue, never in snapshots or audit events.
 */
export function drainCompletions(state: ToolEngineState): CapabilityCompletionBatch {
  const completions = state.completions;
  const droppedSinceLastDrain = state.droppedCompletionsSinceDrain;
  state.completions = [];
  state.droppedCompletionsSinceDrain = 0;
  return {
    completions,
    droppedSinceLastDrain,
    totalDropped: state.droppedCompletions,
    nextSequence: state.nextCompletionSequence,
    sequenceExhausted: state.completionSequenceExhausted,
  };
}
