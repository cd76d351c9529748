import type { TerminalMouseProtocolEncoding } from '@gate4agent/types';
import type { Terminal } from '@xterm/headless';
import { TERMINAL_FRAME_SCROLLBACK_MAX_ROWS, TERMINAL_SCROLLBACK_ROWS } from '../constants.js';
import { formattedRow } from './formatted-row.js';
import type { PtyTerminalSnapshot } from './pty-terminal-snapshot.js';
import { loadXtermHeadless } from './xterm-headless.js';

const encoder = new TextEncoder();

/** Identity of the screen, copied into every snapshot. */
export interface TerminalScreenIdentity {
  readonly ptyId: string;
  readonly providerRevision: string;
  readonly generation: number;
}

/**
 * The emulated screen of one PTY, kept by `@xterm/headless`. Output and resizes are numbered in
 * publication order; xterm applies writes asynchronously, so a snapshot reports the sequence of
 * the last write it has applied, never one still queued.
 */
export class TerminalScreen {
  readonly #terminal: Terminal;
  readonly #identity: TerminalScreenIdentity;
  #published = 0;
  #applied = 0;
  #cursorVisible = true;
  #mouseEncoding: TerminalMouseProtocolEncoding = 'default';
  #lastOutputAt: number;
  readonly #now: () => number;
  readonly #appliedListeners = new Set<() => void>();
  #disposed = false;

  constructor(
    rows: number,
    columns: number,
    identity: TerminalScreenIdentity,
    now: () => number = () => performance.now(),
  ) {
    const { Terminal: XtermTerminal } = loadXtermHeadless();
    this.#terminal = new XtermTerminal({
      rows,
      cols: columns,
      scrollback: TERMINAL_SCROLLBACK_ROWS,
      allowProposedApi: true,
    });
    this.#identity = identity;
    this.#now = now;
    this.#lastOutputAt = now();
    // xterm exposes neither cursor visibility nor the mouse encoding: follow the DEC private modes.
    const parser = this.#terminal.parser;
    parser.registerCsiHandler({ prefix: '?', final: 'h' }, (params) =>
      this.#privateMode(params, true),
    );
    parser.registerCsiHandler({ prefix: '?', final: 'l' }, (params) =>
      this.#privateMode(params, false),
    );
  }

  #privateMode(params: (number | number[])[], set: boolean): boolean {
    for (const param of params) {
      if (param === 25) this.#cursorVisible = set;
      else if (param === 1005) this.#mouseEncoding = set ? 'utf8' : 'default';
      else if (param === 1006) this.#mouseEncoding = set ? 'sgr' : 'default';
    }
    return false;
  }

  /** Sequence of the last published write (output or resize). */
  get publishedSequence(): number {
    return this.#published;
  }

  /** Sequence of the last write the emulator has applied. */
  get appliedSequence(): number {
    return this.#applied;
  }

  /** Monotonic time of the last applied output. */
  get lastOutputAt(): number {
    return this.#lastOutputAt;
  }

  /** Whether the application has bracketed paste on (`CSI ? 2004 h`). */
  get bracketedPaste(): boolean {
    return this.#terminal.modes.bracketedPasteMode;
  }

  /** Whether the cursor is shown (`CSI ? 25 h`, the default). */
  get cursorVisible(): boolean {
    return this.#cursorVisible;
  }

  /** Publishes raw PTY output; returns its sequence. */
  write(bytes: Uint8Array): number {
    const sequence = this.#next();
    if (this.#disposed) return sequence;
    this.#terminal.write(bytes, () => {
      this.#lastOutputAt = this.#now();
      this.#apply(sequence);
    });
    return sequence;
  }

  /** Publishes a resize, ordered with the output before it; returns its sequence. */
  resize(rows: number, columns: number): number {
    const sequence = this.#next();
    if (this.#disposed) return sequence;
    this.#terminal.write('', () => {
      this.#terminal.resize(columns, rows);
      this.#apply(sequence);
    });
    return sequence;
  }

  #next(): number {
    this.#published += 1;
    return this.#published;
  }

  #apply(sequence: number): void {
    this.#applied = sequence;
    for (const listener of [...this.#appliedListeners]) listener();
  }

  /** Calls `listener` after every applied write until the returned function is called. */
  onApplied(listener: () => void): () => void {
    this.#appliedListeners.add(listener);
    return () => this.#appliedListeners.delete(listener);
  }

  /** Resolves once every write published so far has been applied. */
  flushed(): Promise<void> {
    if (this.#applied >= this.#published || this.#disposed) return Promise.resolve();
    const target = this.#published;
    return new Promise((resolve) => {
      const stop = this.onApplied(() => {
        if (this.#applied >= target) {
          stop();
          resolve();
        }
      });
    });
  }

  /** The screen as applied so far. */
  snapshot(): PtyTerminalSnapshot {
    const terminal = this.#terminal;
    const buffer = terminal.buffer.active;
    const rows = terminal.rows;
    const columns = terminal.cols;
    const scratch = buffer.getNullCell();
    let contents = '';
    const formattedRows: string[] = [];
    const plainRows: { text: string; wrapped: boolean }[] = [];
    for (let y = buffer.baseY; y < buffer.baseY + rows; y += 1) {
      const line = buffer.getLine(y);
      if (line === undefined) {
        plainRows.push({ text: '', wrapped: false });
        formattedRows.push('');
        continue;
      }
      plainRows.push({ text: line.translateToString(true), wrapped: line.isWrapped });
      formattedRows.push(formattedRow(line, columns, scratch));
    }
    while (plainRows.length > 0 && plainRows[plainRows.length - 1]?.text === '') plainRows.pop();
    plainRows.forEach((row, index) => {
      if (index > 0 && !row.wrapped) contents += '\n';
      contents += row.text;
    });
    const alternateScreen = buffer.type === 'alternate';
    const scrollbackFormatted: Uint8Array[] = [];
    if (!alternateScreen) {
      const start = Math.max(0, buffer.baseY - TERMINAL_FRAME_SCROLLBACK_MAX_ROWS);
      for (let y = start; y < buffer.baseY; y += 1) {
        const line = buffer.getLine(y);
        scrollbackFormatted.push(
          encoder.encode(line === undefined ? '' : formattedRow(line, columns, scratch)),
        );
      }
    }
    const cursorRow = Math.min(buffer.cursorY, rows - 1);
    const cursorColumn = Math.min(buffer.cursorX, columns - 1);
    const formatted =
      `\u001b[?25${this.#cursorVisible ? 'h' : 'l'}\u001b[H\u001b[J` +
      formattedRows.join('\r\n') +
      `\u001b[${cursorRow + 1};${cursorColumn + 1}H`;
    const mouseProtocolEnabled = terminal.modes.mouseTrackingMode !== 'none';
    return {
      ptyId: this.#identity.ptyId,
      providerRevision: this.#identity.providerRevision,
      generation: this.#identity.generation,
      sequence: this.#applied,
      size: { rows, cols: columns },
      cursor: [cursorRow, cursorColumn],
      bracketedPaste: terminal.modes.bracketedPasteMode,
      contents,
      formatted: encoder.encode(formatted),
      scrollbackFormatted,
      alternateScreen,
      mouseProtocolEnabled,
      mouseProtocolEncoding: this.#mouseEncoding,
    };
  }

  /** Releases the emulator; later writes are numbered but not applied. Idempotent. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#terminal.dispose();
    for (const listener of [...this.#appliedListeners]) listener();
    this.#appliedListeners.clear();
  }
}
