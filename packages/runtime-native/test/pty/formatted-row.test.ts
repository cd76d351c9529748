import type { IBufferCell, IBufferLine } from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { formattedRow } from '../../src/pty/formatted-row.js';
import { loadXtermHeadless } from '../../src/pty/xterm-headless.js';

// The straightforward formatter (SGR text built for every cell) the fast one must agree with.
function colorCodes(mode: number, color: number, background: boolean): number[] {
  if (mode === 0x1000000) return [(background ? 40 : 30) + (color < 8 ? color : 60 + color - 8)];
  if (mode === 0x2000000) return [background ? 48 : 38, 5, color];
  if (mode === 0x3000000) {
    return [background ? 48 : 38, 2, (color >> 16) & 0xff, (color >> 8) & 0xff, color & 0xff];
  }
  return [];
}

function sgrOf(cell: IBufferCell): string {
  const codes: number[] = [];
  if (cell.isBold()) codes.push(1);
  if (cell.isDim()) codes.push(2);
  if (cell.isItalic()) codes.push(3);
  if (cell.isUnderline()) codes.push(4);
  if (cell.isBlink()) codes.push(5);
  if (cell.isInverse()) codes.push(7);
  if (cell.isInvisible()) codes.push(8);
  if (cell.isStrikethrough()) codes.push(9);
  codes.push(...colorCodes(cell.getFgColorMode(), cell.getFgColor(), false));
  codes.push(...colorCodes(cell.getBgColorMode(), cell.getBgColor(), true));
  return codes.join(';');
}

function referenceRow(line: IBufferLine, columns: number, scratch: IBufferCell): string {
  let end = Math.min(columns, line.length);
  while (end > 0) {
    const cell = line.getCell(end - 1, scratch);
    if (cell === undefined || cell.getChars() !== '' || sgrOf(cell) !== '') break;
    end -= 1;
  }
  let text = '';
  let current = '';
  for (let x = 0; x < end; x += 1) {
    const cell = line.getCell(x, scratch);
    if (cell === undefined || cell.getWidth() === 0) continue;
    const sgr = sgrOf(cell);
    if (sgr !== current) {
      text += sgr === '' ? '\u001b[m' : `\u001b[0;${sgr}m`;
      current = sgr;
    }
    text += cell.getChars() === '' ? ' ' : cell.getChars();
  }
  if (current !== '') text += '\u001b[m';
  return text;
}

// A small deterministic generator, so a failure replays.
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const STYLES = [
  '\u001b[m',
  '\u001b[1m',
  '\u001b[2;3m',
  '\u001b[4;5m',
  '\u001b[7m',
  '\u001b[8m',
  '\u001b[9m',
  '\u001b[31m',
  '\u001b[92m',
  '\u001b[44m',
  '\u001b[101m',
  '\u001b[38;5;200m',
  '\u001b[48;5;17m',
  '\u001b[38;2;1;2;3m',
  '\u001b[48;2;250;128;0m',
  '\u001b[39m',
  '\u001b[49m',
  '\u001b[53m',
  '\u001b[4:3m',
  '\u001b[58;5;9m',
  '\u001b[22;23;24m',
];
const TEXT = ['a', 'word ', '  ', '界', '\u00e9', 'x\u0301', '\t', '🙂', '-'];

describe('formattedRow', () => {
  it('agrees with the per-cell SGR formatter on random styled rows, blanks and wide characters', async () => {
    const { Terminal } = loadXtermHeadless();
    const terminal = new Terminal({ rows: 30, cols: 40, allowProposedApi: true });
    const next = random(14);
    let input = '';
    for (let piece = 0; piece < 2_000; piece += 1) {
      const roll = next();
      if (roll < 0.3) input += STYLES[Math.floor(next() * STYLES.length)];
      else if (roll < 0.95) input += TEXT[Math.floor(next() * TEXT.length)];
      else input += '\r\n';
    }
    input += '\u001b[42m   \u001b[m   \u001b[4m  ';
    await new Promise<void>((resolve) => terminal.write(input, resolve));
    const buffer = terminal.buffer.active;
    const scratch = buffer.getNullCell();
    let compared = 0;
    for (let y = 0; y < buffer.length; y += 1) {
      const line = buffer.getLine(y);
      if (line === undefined) continue;
      expect(formattedRow(line, terminal.cols, scratch)).toBe(
        referenceRow(line, terminal.cols, scratch),
      );
      compared += 1;
    }
    expect(compared).toBeGreaterThan(30);
    terminal.dispose();
  });
});
