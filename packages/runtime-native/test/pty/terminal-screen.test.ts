import { describe, expect, it } from 'vitest';
import { TERMINAL_FRAME_SCROLLBACK_MAX_ROWS } from '../../src/constants.js';
import { TerminalScreen } from '../../src/pty/terminal-screen.js';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const identity = { ptyId: 'pty-test', providerRevision: 'fixture-r1', generation: 3 };

describe('TerminalScreen', () => {
  it('reports only applied writes: a frame is pinned to the last applied sequence', async () => {
    const screen = new TerminalScreen(4, 20, identity);
    expect(screen.write(encode('hello'))).toBe(1);
    expect(screen.publishedSequence).toBe(1);
    expect(screen.snapshot().sequence).toBe(screen.appliedSequence);
    await screen.flushed();
    const frame = screen.snapshot();
    expect(frame.sequence).toBe(1);
    expect(frame.contents).toBe('hello');
    expect(frame.cursor).toEqual([0, 5]);
    expect(frame).toMatchObject({
      ptyId: 'pty-test',
      providerRevision: 'fixture-r1',
      generation: 3,
    });
    screen.dispose();
  });

  it('orders a resize after the output published before it', async () => {
    const screen = new TerminalScreen(4, 20, identity);
    screen.write(encode('abc'));
    expect(screen.resize(6, 30)).toBe(2);
    await screen.flushed();
    const frame = screen.snapshot();
    expect(frame.sequence).toBe(2);
    expect(frame.size).toEqual({ rows: 6, cols: 30 });
    expect(frame.contents).toBe('abc');
    screen.dispose();
  });

  it('joins wrapped rows, drops trailing blank rows and keeps formatted bytes', async () => {
    const screen = new TerminalScreen(4, 5, identity);
    screen.write(encode('abcdefg\r\n\u001b[1mbold\u001b[0m'));
    await screen.flushed();
    const frame = screen.snapshot();
    expect(frame.contents).toBe('abcdefg\nbold');
    expect(decode(frame.formatted)).toContain('\u001b[0;1mbold\u001b[m');
    screen.dispose();
  });

  it('keeps at most 256 newest scrollback rows on the normal screen and none on the alternate one', async () => {
    const screen = new TerminalScreen(4, 20, identity);
    for (let row = 0; row < 300; row += 1) screen.write(encode(`row-${row}\r\n`));
    await screen.flushed();
    const normal = screen.snapshot();
    expect(normal.alternateScreen).toBe(false);
    expect(normal.scrollbackFormatted).toHaveLength(TERMINAL_FRAME_SCROLLBACK_MAX_ROWS);
    expect(decode(normal.scrollbackFormatted.at(-1)!)).toBe('row-296');
    screen.write(encode('\u001b[?1049h'));
    await screen.flushed();
    const alternate = screen.snapshot();
    expect(alternate.alternateScreen).toBe(true);
    expect(alternate.scrollbackFormatted).toEqual([]);
    screen.dispose();
  });

  it('tracks bracketed paste, cursor visibility and the mouse protocol', async () => {
    const screen = new TerminalScreen(4, 20, identity);
    expect(screen.bracketedPaste).toBe(false);
    expect(screen.cursorVisible).toBe(true);
    screen.write(encode('\u001b[?2004h\u001b[?25l\u001b[?1000h\u001b[?1006h'));
    await screen.flushed();
    expect(screen.bracketedPaste).toBe(true);
    expect(screen.cursorVisible).toBe(false);
    const frame = screen.snapshot();
    expect(frame.bracketedPaste).toBe(true);
    expect(frame.mouseProtocolEnabled).toBe(true);
    expect(frame.mouseProtocolEncoding).toBe('sgr');
    screen.write(encode('\u001b[?25h\u001b[?1006l\u001b[?1000l'));
    await screen.flushed();
    expect(screen.cursorVisible).toBe(true);
    expect(screen.snapshot()).toMatchObject({
      mouseProtocolEnabled: false,
      mouseProtocolEncoding: 'default',
    });
    screen.dispose();
  });

  it('hands out the same frozen snapshot until a write or resize is applied', async () => {
    const screen = new TerminalScreen(4, 20, identity);
    screen.write(encode('first'));
    await screen.flushed();
    const first = screen.snapshot();
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.scrollbackFormatted)).toBe(true);
    expect(screen.snapshot()).toBe(first);
    expect(screen.contents()).toBe('first');
    screen.write(encode(' second'));
    await screen.flushed();
    expect(screen.contents()).toBe('first second');
    const second = screen.snapshot();
    expect(second).not.toBe(first);
    expect(second.contents).toBe('first second');
    screen.dispose();
  });

  it('reuses formatted scrollback rows and agrees with a screen that never cached any', async () => {
    // One screen is snapshotted after every chunk (its scrollback rows cached across them), the
    // other fed the same chunks and snapshotted only at checkpoints: they must never differ.
    const cached = new TerminalScreen(5, 30, identity);
    const fresh = new TerminalScreen(5, 30, identity);
    const chunks: string[] = [];
    let row = 0;
    const lines = (count: number) => {
      let text = '';
      for (let index = 0; index < count; index += 1, row += 1) {
        text += `\u001b[3${row % 8}mrow-${row}\u001b[m ${'x'.repeat(row % 40)}\r\n`;
      }
      return text;
    };
    chunks.push(lines(10), lines(300), lines(1_200), lines(3));
    chunks.push('\u001b[3J', lines(20), '\u001b[?1049halternate\r\n', lines(4), '\u001b[?1049l');
    chunks.push(lines(50), lines(2), lines(3), '\u001bc', lines(7), lines(600));
    let checkpoints = 0;
    for (const [index, chunk] of chunks.entries()) {
      cached.write(encode(chunk));
      fresh.write(encode(chunk));
      if (index === 10) {
        cached.resize(6, 24);
        fresh.resize(6, 24);
      }
      await cached.flushed();
      cached.snapshot();
      if (index % 2 !== 1) continue;
      await fresh.flushed();
      const expected = fresh.snapshot();
      const actual = cached.snapshot();
      expect(actual.scrollbackFormatted.map(decode)).toEqual(
        expected.scrollbackFormatted.map(decode),
      );
      expect(decode(actual.formatted)).toBe(decode(expected.formatted));
      expect(actual.contents).toBe(expected.contents);
      checkpoints += 1;
    }
    const last = cached.snapshot();
    expect(last.scrollbackFormatted).toHaveLength(TERMINAL_FRAME_SCROLLBACK_MAX_ROWS);
    expect(decode(last.scrollbackFormatted.at(-1)!)).toMatch(/^\u001b\[0;3\dmrow-\d+\u001b\[m x*$/);
    expect(checkpoints).toBe(7);
    cached.dispose();
    fresh.dispose();
  });

  it('keeps its final state once disposed and drops later writes and resizes', async () => {
    const screen = new TerminalScreen(4, 20, identity);
    screen.write(encode('\u001b[?2004hfinal words'));
    await screen.flushed();
    // Still queued in xterm when the screen is disposed: never applied.
    expect(screen.write(encode(' lost'))).toBe(2);
    screen.dispose();
    expect(screen.disposed).toBe(true);
    const final = screen.snapshot();
    expect(final.sequence).toBe(1);
    expect(final.contents).toBe('final words');
    expect(screen.contents()).toBe('final words');
    expect(screen.bracketedPaste).toBe(true);
    expect(screen.write(encode('after'))).toBe(2);
    expect(screen.resize(8, 40)).toBe(2);
    expect(screen.publishedSequence).toBe(2);
    await screen.flushed();
    expect(screen.snapshot()).toBe(final);
    expect(screen.snapshot().size).toEqual({ rows: 4, cols: 20 });
    screen.dispose();
    expect(screen.snapshot()).toBe(final);
  });

  it('numbers applied writes and resizes in publication order with one shared callback', async () => {
    const screen = new TerminalScreen(4, 20, identity);
    const applied: number[] = [];
    const stop = screen.onApplied(() => applied.push(screen.appliedSequence));
    screen.write(encode('a'));
    screen.write(encode('b'));
    screen.resize(5, 20);
    screen.write(encode('c'));
    await screen.flushed();
    stop();
    expect(applied).toEqual([1, 2, 3, 4]);
    expect(screen.snapshot()).toMatchObject({ sequence: 4, contents: 'abc', size: { rows: 5 } });
    screen.dispose();
  });
});
