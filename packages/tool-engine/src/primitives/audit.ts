import type { ToolAuditEventKind, ToolAuditSubject } from '@gate4agent/tool-protocol';
import { deepFreeze } from '@gate4agent/types';
import { COUNTER_MAX } from '../constants.js';
import type { ToolEngineState } from '../state/engine-state.js';
import { saturatingIncrement } from './counters.js';

/**
 * Appends an audit event stamped with the current tick. The ring keeps the newest
 * `TOOL_AUDIT_EVENTS_MAX` events; every event lost (evicted, or not recorded once the sequence is
 * exhausted) is counted. The sequence `COUNTER_MAX` is issued exactly once. `event` is frozen
 * deeply; one the caller froze already is taken as frozen throughout (deepFreeze's rule), so a
 * caller freezes an event itself only when every value in it is a primitive or frozen.
 * `subject` is a record's own, frozen when the record was accepted (`subjectFor`), or null.
 */
export function emitAudit(
  state: ToolEngineState,
  subject: ToolAuditSubject | null,
  event: ToolAuditEventKind,
): void {
  if (state.auditSequenceExhausted) {
    state.droppedAuditEvents = saturatingIncrement(state.droppedAuditEvents);
    return;
  }
  if (state.auditEvents.full) {
    state.droppedAuditEvents = saturatingIncrement(state.droppedAuditEvents);
  }
  const sequence = state.nextAuditSequence;
  if (sequence === COUNTER_MAX) state.auditSequenceExhausted = true;
  else state.nextAuditSequence += 1;
  // The subject is frozen once per record, when it is accepted; only the event is new.
  state.auditEvents.push(
    Object.freeze({
      sequence,
      tick: state.currentTick,
      subject,
      event: deepFreeze(event),
    }),
  );
}
