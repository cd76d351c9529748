import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityCompletionEnvelope,
  CapabilityTerminalOutcome,
  type CompletionDropReason,
  TOOL_COMPLETIONS_MAX,
  type ToolOperationId,
} from '@gate4agent/tool-protocol';
import { COUNTER_MAX } from '../constants.js';
import type { ToolEngineState } from '../state/engine-state.js';
import { type RequestRecord, subjectFor } from '../state/request-record.js';
import { emitAudit } from './audit.js';
import { saturatingIncrement } from './counters.js';

function recordCompletionDrop(
  state: ToolEngineState,
  record: RequestRecord,
  completionSequence: number | null,
  reason: CompletionDropReason,
): void {
  state.droppedCompletions = saturatingIncrement(state.droppedCompletions);
  state.droppedCompletionsSinceDrain = saturatingIncrement(state.droppedCompletionsSinceDrain);
  emitAudit(state, subjectFor(record), { kind: 'completion-dropped', completionSequence, reason });
}

/**
 * Queues the record's one terminal completion. It never blocks the transition: with the sequence
 * exhausted, or the queue full, the completion is dropped, counted and audited instead. A drop for
 * a full queue still consumes its sequence, so the consumer sees the gap.
 */
export function pushTerminalCompletion(
  state: ToolEngineState,
  record: RequestRecord,
  operationId: ToolOperationId | null,
  outcome: CapabilityTerminalOutcome,
): void {
  if (state.completionSequenceExhausted) {
    recordCompletionDrop(state, record, null, 'sequence-exhausted');
    return;
  }
  const sequence = state.nextCompletionSequence;
  if (sequence === COUNTER_MAX) state.completionSequenceExhausted = true;
  else state.nextCompletionSequence += 1;
  if (state.completions.length >= TOOL_COMPLETIONS_MAX) {
    recordCompletionDrop(state, record, sequence, 'queue-full');
    return;
  }
  const { request } = record;
  state.completions.push(
    CapabilityCompletionEnvelope.of({
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      sequence,
      acceptedSequence: record.acceptedSequence,
      operationId,
      requestKey: request.key,
      instanceId: request.instanceId,
      generation: request.generation,
      providerId: request.providerId,
      outcome: CapabilityTerminalOutcome.of(outcome),
    }),
  );
}
