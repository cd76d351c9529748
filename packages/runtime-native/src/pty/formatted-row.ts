import type { IBufferCell, IBufferLine } from '@xterm/headless';

// xterm's color modes (IBufferCell.getFgColorMode / getBgColorMode), from its public typings.
const CM_P16 = 0x1000000;
const CM_P256 = 0x2000000;
const CM_RGB = 0x3000000;

function colorCodes(mode: number, color: number, background: boolean): number[] {
  if (mode === CM_P16) {
    if (color < 8) return [(background ? 40 : 30) + color];
    return [(background ? 100 : 90) + color - 8];
  }
  if (mode === CM_P256) return [background ? 48 : 38, 5, color];
  if (mode === CM_RGB) {
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

/**
 * One emulator row as ANSI text: its characters with SGR changes where the attributes change,
 * trailing blank default cells dropped, attributes reset at the end when any were set.
 */
export function formattedRow(line: IBufferLine, columns: number, scratch: IBufferCell): string {
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
