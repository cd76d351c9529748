import {
  CAPABILITY_PROTOCOL_VERSION,
  type CapabilityProviderDescriptor,
  compareIds,
  type ToolEngineSnapshot,
} from '@gate4agent/tool-protocol';
import type { ToolEngineState } from '../state/engine-state.js';

const byKey = <K extends number, V>(map: ReadonlyMap<K, V>): [K, V][] =>
  [...map.entries()].sort(([left], [right]) => left - right);

/**
 * The engine as data (upstream `snapshot`): every list in its key order, no payload, inline bytes
 * or opaque reference anywhere (a succeeded status holds only the result's metadata). The effect
 * and completion queues and the internal counters are not part of it. The records it lists are
 * frozen and shared between snapshots; the arrays are the caller's.
 */
export function snapshot(state: ToolEngineState): ToolEngineSnapshot {
  const providers: CapabilityProviderDescriptor[] = [...state.providers.values()]
    .map((entry) => entry.descriptor)
    .sort((left, right) => compareIds(left.id, right.id));
  return {
    protocolVersion: CAPABILITY_PROTOCOL_VERSION,
    revision: state.revision,
    currentTick: state.currentTick,
    generations: byKey(state.generations),
    instanceStates: byKey(state.instanceStates),
    providers,
    grants: [...state.grants.sorted()],
    requests: state.requests.snapshots(),
    auditEvents: state.auditEvents.toArray(),
    droppedAuditEvents: state.droppedAuditEvents,
    revisionOverflowCount: state.revisionOverflowCount,
    nextCompletionSequence: state.nextCompletionSequence,
    droppedCompletions: state.droppedCompletions,
    effectSequenceExhausted: state.effectSequenceExhausted,
    completionSequenceExhausted: state.completionSequenceExhausted,
    auditSequenceExhausted: state.auditSequenceExhausted,
  };
}
