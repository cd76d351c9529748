import {
  TOOL_AUDIT_EVENTS_MAX,
  type ToolAuditEventKind,
  type ToolAuditSubject,
} from '@gate4agent/tool-protocol';
import { U64_MAX } from '../constants.js';
import { deepFreeze } from '../state/deep-freeze.js';
import type { ToolEngineState } from '../state/engine-state.js';
import { saturatingIncrement } from './counters.js';

/**
 * Appends an audit event stamped with the current tick. The ring keeps the newest
 * `TOOL_AUDIT_EVENTS_MAX` events; every event lost (evicted, or not recorded once the sequence is
 * exhausted) is counted. The sequence `U64_MAX` is issued exactly once.
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
  if (state.auditEvents.length === TOOL_AUDIT_EVENTS_MAX) {
    state.auditEvents.shift();
    state.droppedAuditEvents = saturatingIncrement(state.droppedAuditEvents);
  }
  const sequence = state.nextAuditSequence;
  if (sequence === U64_MAX) state.auditSequenceExhausted = true;
  else state.nextAuditSequence += 1;
  state.auditEvents.push(deepFreeze({ sequence, tick: state.currentTick, subject, event }));
}
