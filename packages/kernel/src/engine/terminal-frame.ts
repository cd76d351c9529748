import { deepFreeze, type SessionSnapshot, type TerminalFrame } from '@gate4agent/types';

/** A frame is adopted only when the session has none or it is strictly newer. */
export function isNewerFrame(snapshot: SessionSnapshot, frame: TerminalFrame): boolean {
  return snapshot.terminalFrame === null || snapshot.terminalFrame.sequence < frame.sequence;
}

/**
 * Replaces the session's frame (and size) with `frame` and clears the stale marker. `frame` is the
 * engine's own checked copy; it is deep-frozen here, once, and from then on every snapshot shares
 * it instead of copying it (CONTRIBUTING.md, "Snapshot copies").
 */
export function adoptFrame(snapshot: SessionSnapshot, frame: TerminalFrame): void {
  const shared = deepFreeze(frame);
  snapshot.terminalSize = shared.size;
  snapshot.terminalFrame = shared;
  snapshot.terminalStale = null;
}

/** Adopts a final frame carried by an exit under the strictly-newer rule; otherwise nothing. */
export function adoptFinalFrame(snapshot: SessionSnapshot, frame: TerminalFrame | null): void {
  if (frame !== null && isNewerFrame(snapshot, frame)) adoptFrame(snapshot, frame);
}
