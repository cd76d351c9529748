import {
  type ControlEventKind,
  type ControlObservation,
  defaultForegroundSnapshot,
  type ObservationEnvelope,
} from '@gate4agent/types';
import { bumpRevision, emitEvent, emitIgnored } from './counters.js';
import type { EngineState, SessionState } from './engine-state.js';
import { fenceObservation } from './observation-fence.js';
import { invalidateForeground } from './session-defaults.js';
import { adoptFinalFrame, adoptFrame, isNewerFrame } from './terminal-frame.js';

/** Clears everything an ended process leaves pending and resets the foreground. */
function endProcess(session: SessionState): void {
  session.pendingTerminalSize = null;
  session.pendingInterrupt = false;
  const { snapshot } = session;
  snapshot.pendingOperation = null;
  snapshot.pendingInput = null;
  snapshot.processId = null;
  snapshot.foreground = defaultForegroundSnapshot();
  snapshot.operatorGate = null;
}

/** The lifecycle reduction of an admitted observation and the one event it emits. */
function reduceLifecycle(
  state: EngineState,
  envelope: ObservationEnvelope,
  session: SessionState,
  observation: ControlObservation,
): { event: ControlEventKind; followUps: ControlEventKind[] } | null {
  const { snapshot } = session;
  switch (observation.kind) {
    case 'spawned':
      session.pendingInterrupt = false;
      snapshot.terminalSize = session.pendingTerminalSize;
      session.pendingTerminalSize = null;
      snapshot.status = { kind: 'running' };
      snapshot.pendingOperation = null;
      snapshot.pendingInput = null;
      snapshot.processId = observation.processId;
      return { event: { kind: 'running', processId: observation.processId }, followUps: [] };
    case 'spawn-failed':
    case 'stop-failed':
      endProcess(session);
      snapshot.status = { kind: 'failed', message: observation.message };
      return { event: { kind: 'failed', message: observation.message }, followUps: [] };
    case 'process-exited':
      state.effects = state.effects.filter(
        (effect) =>
          effect.instanceId !== envelope.instanceId || effect.generation !== envelope.generation,
      );
      endProcess(session);
      snapshot.status = { kind: 'exited', exitCode: observation.exitCode };
      adoptFinalFrame(snapshot, observation.finalTerminal);
      return {
        event: { kind: 'exited', exitCode: observation.exitCode, forced: false },
        followUps: [],
      };
    case 'stop-completed':
      endProcess(session);
      snapshot.status = { kind: 'exited', exitCode: observation.exitCode };
      adoptFinalFrame(snapshot, observation.finalTerminal);
      return {
        event: { kind: 'exited', exitCode: observation.exitCode, forced: observation.forced },
        followUps: [],
      };
    case 'input-completed':
    case 'input-failed': {
      const inputKind = snapshot.pendingInput;
      if (inputKind === null) return null;
      const interrupted = session.pendingInterrupt && observation.kind === 'input-completed';
      session.pendingInterrupt = false;
      snapshot.pendingOperation = null;
      snapshot.pendingInput = null;
      const followUps: ControlEventKind[] = interrupted
        ? session.unresolvedInteractions.map((interactionId) => ({
            kind: 'interaction-resolved',
            interactionId,
            outcome: 'interrupted',
          }))
        : [];
      if (interrupted) session.unresolvedInteractions = [];
      const event: ControlEventKind =
        observation.kind === 'input-completed'
          ? { kind: 'input-completed', inputKind }
          : { kind: 'input-failed', inputKind, message: observation.message };
      return { event, followUps };
    }
    case 'resize-completed':
      session.pendingTerminalSize = null;
      snapshot.pendingOperation = null;
      snapshot.terminalSize = observation.size;
      return { event: { kind: 'resized', size: observation.size }, followUps: [] };
    case 'resize-failed':
      session.pendingTerminalSize = null;
      snapshot.pendingOperation = null;
      return { event: { kind: 'resize-failed', message: observation.message }, followUps: [] };
    case 'terminal-stale':
      snapshot.terminalStale = observation.message;
      invalidateForeground(snapshot, observation.message);
      return { event: { kind: 'terminal-stale', message: observation.message }, followUps: [] };
    default:
      return null;
  }
}

/**
 * Reduces one observation on `state`. An observation the fence refuses, or a terminal frame that
 * is not newer, only emits `observation-ignored`; an adopted frame also sets the session's
 * `operatorGate`; an applied one bumps the revision once and
 * emits its event (an applied frame emits none). Counter errors are left in `state.counterError`.
 */
export function reduceObservation(state: EngineState, envelope: ObservationEnvelope): void {
  const { instanceId, generation, observation } = envelope;
  const verdict = fenceObservation(state, envelope);
  if (!verdict.admitted) {
    emitIgnored(state, instanceId, generation, verdict.reason);
    return;
  }
  const { session } = verdict;
  if (observation.kind === 'terminal-frame') {
    if (!isNewerFrame(session.snapshot, observation.frame)) {
      emitIgnored(state, instanceId, generation, { kind: 'stale-terminal-frame' });
      return;
    }
    adoptFrame(session.snapshot, observation.frame);
    // The executor recognises the dialog on this frame; an executor that does not, sends none.
    const gate = observation.operatorGate ?? null;
    session.snapshot.operatorGate = gate === null ? null : { ...gate };
    bumpRevision(state);
    return;
  }
  const reduced = reduceLifecycle(state, envelope, session, observation);
  if (reduced === null) {
    emitIgnored(state, instanceId, generation, { kind: 'invalid-state' });
    return;
  }
  bumpRevision(state);
  emitEvent(state, null, instanceId, generation, reduced.event);
  for (const followUp of reduced.followUps)
    emitEvent(state, null, instanceId, generation, followUp);
}
