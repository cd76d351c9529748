import type { TerminalFrame, TerminalMouseProtocolEncoding, TerminalSize } from '@gate4agent/types';

/**
 * One picture of a PTY session's emulated terminal, pinned to `sequence`: the last terminal write
 * (output or resize) the emulator has applied.
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

/** The control-plane frame of a snapshot (upstream `terminal_frame`). */
export function terminalFrame(snapshot: PtyTerminalSnapshot): TerminalFrame {
  const size: TerminalSize = { rows: snapshot.size.rows, columns: snapshot.size.cols };
  return {
    sequence: snapshot.sequence,
    size,
    cursorRow: snapshot.cursor[0],
    cursorColumn: snapshot.cursor[1],
    contents: snapshot.contents,
    formatted: snapshot.formatted,
    scrollbackFormatted: [...snapshot.scrollbackFormatted],
    alternateScreen: snapshot.alternateScreen,
    mouseProtocolEnabled: snapshot.mouseProtocolEnabled,
    mouseProtocolEncoding: snapshot.mouseProtocolEncoding,
  };
}
