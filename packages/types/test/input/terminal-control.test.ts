import { describe, expect, it } from 'vitest';
import { TERMINAL_CONTROLS, TerminalControl } from '../../src/index.js';

describe('TerminalControl', () => {
  it('has the 54 upstream controls and no control-c or control-d', () => {
    expect(TERMINAL_CONTROLS).toHaveLength(54);
    expect(TERMINAL_CONTROLS).not.toContain('control-c');
    expect(TERMINAL_CONTROLS).not.toContain('control-d');
  });

  it('maps control-x chords to their C0 codes and keeps the named aliases', () => {
    const chords = TERMINAL_CONTROLS.filter((control) => control.startsWith('control-'));
    for (const chord of chords) {
      const letter = chord.slice('control-'.length);
      expect(TerminalControl.bytes(chord)).toEqual(Uint8Array.of(letter.charCodeAt(0) - 0x60));
    }
    expect(TerminalControl.bytes('interrupt')).toEqual(Uint8Array.of(0x03));
    expect(TerminalControl.bytes('end-of-file')).toEqual(Uint8Array.of(0x04));
    expect(TerminalControl.bytes('enter')).toEqual(Uint8Array.of(0x0d));
    expect(TerminalControl.bytes('line-feed')).toEqual(Uint8Array.of(0x0a));
    expect(TerminalControl.bytes('escape')).toEqual(Uint8Array.of(0x1b));
    expect(TerminalControl.bytes('backspace')).toEqual(Uint8Array.of(0x08));
    expect(TerminalControl.bytes('tab')).toEqual(Uint8Array.of(0x09));
  });

  it('sends the xterm function-key sequences', () => {
    const sequences = [
      'OP',
      'OQ',
      'OR',
      'OS',
      '[15~',
      '[17~',
      '[18~',
      '[19~',
      '[20~',
      '[21~',
      '[23~',
      '[24~',
    ];
    sequences.forEach((sequence, index) => {
      const control = `function${index + 1}` as TerminalControl;
      expect(Buffer.from(TerminalControl.bytes(control)).toString('latin1')).toBe(
        `\x1b${sequence}`,
      );
    });
  });

  it('returns a fresh copy each time', () => {
    const first = TerminalControl.bytes('arrow-up');
    first.fill(0);
    expect(TerminalControl.bytes('arrow-up')).toEqual(Uint8Array.of(0x1b, 0x5b, 0x41));
  });
});
