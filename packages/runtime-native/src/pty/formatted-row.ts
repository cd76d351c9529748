import type { IBufferCell, IBufferLine } from '@xterm/headless';

// xterm's color modes (IBufferCell.getFgColorMode / getBgColorMode), from its public typings.
const CM_P16 = 0x1000000;
const CM_P256 = 0x2000000;
const CM_RGB = 0x3000000;

function colorCodes(mode: number, color: number, background: boolean): string {
  if (mode === CM_P16) {
    if (color < 8) return String((background ? 40 : 30) + color);
    return String((background ? 100 : 90) + color - 8);
  }
  if (mode === CM_P256) return `${background ? 48 : 38};5;${color}`;
  if (mode === CM_RGB) {
    return `${background ? 48 : 38};2;${(color >> 16) & 0xff};${(color >> 8) & 0xff};${color & 0xff}`;
  }
  return '';
}

// The style flags of a cell as one number, in SGR order (bit n ↔ the n-th code of FLAG_CODES).
const FLAG_CODES = ['1', '2', '3', '4', '5', '7', '8', '9'] as const;

function flagsOf(cell: IBufferCell): number {
  return (
    (cell.isBold() ? 1 : 0) |
    (cell.isDim() ? 2 : 0) |
    (cell.isItalic() ? 4 : 0) |
    (cell.isUnderline() ? 8 : 0) |
    (cell.isBlink() ? 16 : 0) |
    (cell.isInverse() ? 32 : 0) |
    (cell.isInvisible() ? 64 : 0) |
    (cell.isStrikethrough() ? 128 : 0)
  );
}

// One number per color: its mode bits plus its value (xterm reports -1 for the default color).
function colorKey(mode: number, color: number): number {
  return mode === 0 ? 0 : mode + (color & 0xffffff);
}

/** The attributes the SGR text depends on, read once per cell: style flags, fg, bg. */
class CellStyle {
  flags = 0;
  fg = 0;
  bg = 0;

  /** Back to the default style. */
  reset(): void {
    this.flags = 0;
    this.fg = 0;
    this.bg = 0;
  }

  /** Loads `cell`'s style; returns whether it differs from the style loaded before. */
  load(cell: IBufferCell): boolean {
    let flags = 0;
    let fg = 0;
    let bg = 0;
    // Most cells carry no attribute at all: one call settles them.
    if (!cell.isAttributeDefault()) {
      flags = flagsOf(cell);
      fg = colorKey(cell.getFgColorMode(), cell.getFgColor());
      bg = colorKey(cell.getBgColorMode(), cell.getBgColor());
    }
    const changed = flags !== this.flags || fg !== this.fg || bg !== this.bg;
    this.flags = flags;
    this.fg = fg;
    this.bg = bg;
    return changed;
  }

  /** The SGR parameters of the loaded style (`''` for the default). */
  sgr(): string {
    const codes: string[] = [];
    for (let bit = 0; bit < FLAG_CODES.length; bit += 1) {
      if (this.flags & (1 << bit)) codes.push(FLAG_CODES[bit] as string);
    }
    const fg = colorCodes(this.fg & 0x3000000, this.fg & 0xffffff, false);
    if (fg !== '') codes.push(fg);
    const bg = colorCodes(this.bg & 0x3000000, this.bg & 0xffffff, true);
    if (bg !== '') codes.push(bg);
    return codes.join(';');
  }
}

// A cell that adds nothing at the end of a row: no character and no SGR-visible attribute.
function blankCell(cell: IBufferCell, style: CellStyle): boolean {
  if (cell.getChars() !== '') return false;
  if (cell.isAttributeDefault()) return true;
  style.load(cell);
  return style.sgr() === '';
}

/**
 * One emulator row as ANSI text: its characters with SGR changes where the attributes change,
 * trailing blank default cells dropped, attributes reset at the end when any were set. Attributes
 * are read once per cell and the SGR text is built only where they change, so blank and plain
 * cells cost a character read each.
 */
export function formattedRow(line: IBufferLine, columns: number, scratch: IBufferCell): string {
  const style = new CellStyle();
  let end = Math.min(columns, line.length);
  while (end > 0) {
    const cell = line.getCell(end - 1, scratch);
    if (cell === undefined || !blankCell(cell, style)) break;
    end -= 1;
  }
  // Start from the default style: the first styled cell opens its SGR.
  style.reset();
  let text = '';
  let current = '';
  for (let x = 0; x < end; x += 1) {
    const cell = line.getCell(x, scratch);
    if (cell === undefined || cell.getWidth() === 0) continue;
    if (style.load(cell)) {
      const sgr = style.sgr();
      if (sgr !== current) {
        text += sgr === '' ? '\u001b[m' : `\u001b[0;${sgr}m`;
        current = sgr;
      }
    }
    const chars = cell.getChars();
    text += chars === '' ? ' ' : chars;
  }
  if (current !== '') text += '\u001b[m';
  return text;
}
