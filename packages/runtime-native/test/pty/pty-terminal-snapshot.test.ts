import { describe, expect, it } from 'vitest';
import { type PtyTerminalSnapshot, terminalFrame } from '../../src/pty/pty-terminal-snapshot.js';

const encode = (text: string) => new TextEncoder().encode(text);

function snapshot(sequence: number, contents: string): PtyTerminalSnapshot {
  return {
    ptyId: 'fixture',
    providerRevision: 'fixture-r1',
    generation: 1,
    sequence,
    size: { rows: 24, cols: 80 },
    cursor: [0, 0],
    bracketedPaste: false,
    contents,
    formatted: new Uint8Array(),
    scrollbackFormatted: [],
    alternateScreen: false,
    mouseProtocolEnabled: false,
    mouseProtocolEncoding: 'default',
  };
}

describe('terminalFrame', () => {
  it('terminal_frame_preserves_scrollback_and_terminal_input_metadata', () => {
    const frame = terminalFrame({
      ...snapshot(7, 'visible'),
      scrollbackFormatted: [encode('older')],
      alternateScreen: true,
      mouseProtocolEnabled: true,
      mouseProtocolEncoding: 'sgr',
    });
    expect(frame.scrollbackFormatted).toEqual([encode('older')]);
    expect(frame.alternateScreen).toBe(true);
    expect(frame.mouseProtocolEnabled).toBe(true);
    expect(frame.mouseProtocolEncoding).toBe('sgr');
  });

  it('maps sequence, size and cursor into the control-plane frame', () => {
    const frame = terminalFrame({ ...snapshot(9, 'text'), cursor: [3, 5] });
    expect(frame).toMatchObject({
      sequence: 9,
      size: { rows: 24, columns: 80 },
      cursorRow: 3,
      cursorColumn: 5,
      contents: 'text',
    });
  });
});
