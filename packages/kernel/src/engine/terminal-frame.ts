import type { SessionSnapshot, TerminalFrame } from '@gate4agent/types';

/** A frame is adopted only when the session has none or it is strictly newer. */
export function isNewerFrame(snapshot: SessionSnapshot, frame: TerminalFrame): boolean {
  return snapshot.terminalFrame === null || snapshot.terminalFrame.sequence < frame.sequence;
}

/** Replaces the session's frame (and size) with `frame` and clears the stale marker. */
export function adoptFrame(snapshot: SessionSnapshot, frame: TerminalFrame): void {
  snapshot.terminalSize = frame.size;
  snapshot.terminalFrame = frame;
  snapshot.terminalStale = null;
}

/** Adopts a final frame carried by an exit under the strictly-newer rule; otherwise nothing. */
export function adoptFinalFrame(snapshot: SessionSnapshot, frame: TerminalFrame | null): void {
  if (frame !== null && isNewerFrame(snapshot, frame)) adoptFrame(snapshot, frame);
}
