import type { TerminalFrame, TerminalMouseProtocolEncoding, TerminalSize } from '@gate4agent/types';

/**
 * One picture of a PTY session's emulated terminal, pinned to `sequence`: the last terminal write
 * (output or resize) the emulator has applied. `TerminalScreen` hands out each snapshot frozen and
 * shares it until the screen changes; its byte arrays are never written after it was built.
 */
export interface PtyTerminalSnapshot {
  readonly ptyId: string;
  readonly providerRevision: string;
  readonly generation: number;
  readonly sequence: number;
  readonly size: { readonly rows: number; readonly cols: number };
  /** `[row, column]`, zero-based within the visible screen. */
  readonly cursor: readonly [number, number];
  readonly bracketedPaste: boolean;
  readonly contents: string;
  readonly formatted: Uint8Array;
  readonly scrollbackFormatted: readonly Uint8Array[];
  readonly alternateScreen: boolean;
  readonly mouseProtocolEnabled: boolean;
  readonly mouseProtocolEncoding: TerminalMouseProtocolEncoding;
}

const frames = new WeakMap<PtyTerminalSnapshot, TerminalFrame>();

/**
 * The control-plane frame of a snapshot (upstream `terminal_frame`), built once per snapshot and
 * deep-frozen: the frame object, its size and its scrollback array are `Object.freeze`d, and its
 * byte arrays (`formatted`, each scrollback row) are never written by anyone after this point
 * (typed arrays cannot be frozen). The engine, the kernel and session snapshots share such frames
 * by reference and must not copy or change them: every frame that reaches the control plane from
 * this runtime is immutable.
 */
export function terminalFrame(snapshot: PtyTerminalSnapshot): TerminalFrame {
  const cached = frames.get(snapshot);
  if (cached !== undefined) return cached;
  const size: TerminalSize = Object.freeze({
    rows: snapshot.size.rows,
    columns: snapshot.size.cols,
  });
  const scrollbackFormatted = Object.isFrozen(snapshot.scrollbackFormatted)
    ? snapshot.scrollbackFormatted
    : Object.freeze([...snapshot.scrollbackFormatted]);
  const frame: TerminalFrame = Object.freeze({
    sequence: snapshot.sequence,
    size,
    cursorRow: snapshot.cursor[0],
    cursorColumn: snapshot.cursor[1],
    contents: snapshot.contents,
    formatted: snapshot.formatted,
    // Frozen, so read-only at run time; the wire type spells the array as mutable.
    scrollbackFormatted: scrollbackFormatted as Uint8Array[],
    alternateScreen: snapshot.alternateScreen,
    mouseProtocolEnabled: snapshot.mouseProtocolEnabled,
    mouseProtocolEncoding: snapshot.mouseProtocolEncoding,
  });
  frames.set(snapshot, frame);
  return frame;
}
