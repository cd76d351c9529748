import type { TerminalMouseProtocolEncoding } from '@gate4agent/types';
import type { IMarker, Terminal } from '@xterm/headless';
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

// The formatted scrollback rows of the normal buffer, kept across snapshots: scrollback lines do
// not change once scrolled off (only a resize reflows them, and `CSI 3 J` / `ESC c` drop them), so
// each is formatted once. `marker` tracks the last cached line as xterm trims the oldest lines.
interface ScrollbackRows {
  /** Frozen: handed out as is in every snapshot while the scrollback does not move. */
  readonly rows: Uint8Array[];
  readonly marker: IMarker;
}

/**
 * The emulated screen of one PTY, kept by `@xterm/headless`. Output and resizes are numbered in
 * publication order; xterm applies writes asynchronously, so a snapshot reports the sequence of
 * the last write it has applied, never one still queued. A snapshot is built only when the
 * applied sequence moved since the last one (the same frozen snapshot is handed out until then),
 * and scrollback rows are formatted once each.
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
  #snapshot: PtyTerminalSnapshot | null = null;
  #contents: { readonly sequence: number; readonly text: string } | null = null;
  #scrollback: ScrollbackRows | null = null;

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
    // Erasing the saved lines (`CSI 3 J`) and a full reset (`ESC c`) drop the scrollback.
    parser.registerCsiHandler({ final: 'J' }, (params) => {
      if (params[0] === 3) this.#dropScrollback();
      return false;
    });
    parser.registerEscHandler({ final: 'c' }, () => {
      this.#dropScrollback();
      return false;
    });
  }

  #dropScrollback(): void {
    this.#scrollback?.marker.dispose();
    this.#scrollback = null;
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
    if (this.#disposed) return this.snapshot().bracketedPaste;
    return this.#terminal.modes.bracketedPasteMode;
  }

  /**
   * Whether {@link dispose} released the emulator: the screen then keeps its final state (what
   * `snapshot()` and `contents()` return) and takes no more writes.
   */
  get disposed(): boolean {
    return this.#disposed;
  }

  /** Whether the cursor is shown (`CSI ? 25 h`, the default). */
  get cursorVisible(): boolean {
    return this.#cursorVisible;
  }

  /**
   * Publishes raw PTY output; returns its sequence. Once disposed the bytes are dropped and the
   * last sequence is returned.
   */
  write(bytes: Uint8Array): number {
    if (this.#disposed) return this.#published;
    const sequence = this.#next();
    // xterm calls write callbacks once each, in write order: one shared callback numbers them.
    this.#terminal.write(bytes, this.#outputApplied);
    return sequence;
  }

  readonly #outputApplied = (): void => {
    if (this.#disposed) return;
    this.#lastOutputAt = this.#now();
    this.#apply(this.#applied + 1);
  };

  /**
   * Publishes a resize, ordered with the output before it; returns its sequence. Once disposed
   * the resize is dropped and the last sequence is returned.
   */
  resize(rows: number, columns: number): number {
    if (this.#disposed) return this.#published;
    const sequence = this.#next();
    this.#terminal.write('', () => {
      if (this.#disposed) return;
      // A resize reflows the scrollback: its rows are formatted afresh.
      this.#dropScrollback();
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
    // A Set iterates safely while its listeners unsubscribe: no copy per applied write.
    for (const listener of this.#appliedListeners) listener();
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

  /**
   * The plain text of the screen as applied so far (what `snapshot().contents` holds), without
   * formatting anything: readiness checks read it on every output.
   */
  contents(): string {
    if (this.#disposed) return this.snapshot().contents;
    const sequence = this.#applied;
    if (this.#snapshot?.sequence === sequence) return this.#snapshot.contents;
    if (this.#contents?.sequence === sequence) return this.#contents.text;
    const text = this.#plainText();
    this.#contents = { sequence, text };
    return text;
  }

  #plainText(): string {
    const buffer = this.#terminal.buffer.active;
    const plainRows: { text: string; wrapped: boolean }[] = [];
    for (let y = buffer.baseY; y < buffer.baseY + this.#terminal.rows; y += 1) {
      const line = buffer.getLine(y);
      plainRows.push(
        line === undefined
          ? { text: '', wrapped: false }
          : { text: line.translateToString(true), wrapped: line.isWrapped },
      );
    }
    while (plainRows.length > 0 && plainRows[plainRows.length - 1]?.text === '') plainRows.pop();
    let contents = '';
    plainRows.forEach((row, index) => {
      if (index > 0 && !row.wrapped) contents += '\n';
      contents += row.text;
    });
    return contents;
  }

  /**
   * The screen as applied so far, frozen. Built only when a write or resize was applied since the
   * last snapshot; until then the same object is returned. Once disposed: the final state.
   */
  snapshot(): PtyTerminalSnapshot {
    if (this.#snapshot !== null && this.#snapshot.sequence === this.#applied) return this.#snapshot;
    if (this.#disposed && this.#snapshot !== null) return this.#snapshot;
    const terminal = this.#terminal;
    const buffer = terminal.buffer.active;
    const rows = terminal.rows;
    const columns = terminal.cols;
    const scratch = buffer.getNullCell();
    const formattedRows: string[] = [];
    for (let y = buffer.baseY; y < buffer.baseY + rows; y += 1) {
      const line = buffer.getLine(y);
      formattedRows.push(line === undefined ? '' : formattedRow(line, columns, scratch));
    }
    const alternateScreen = buffer.type === 'alternate';
    const scrollbackFormatted = alternateScreen ? [] : this.#scrollbackRows();
    const cursorRow = Math.min(buffer.cursorY, rows - 1);
    const cursorColumn = Math.min(buffer.cursorX, columns - 1);
    const formatted =
      `\u001b[?25${this.#cursorVisible ? 'h' : 'l'}\u001b[H\u001b[J` +
      formattedRows.join('\r\n') +
      `\u001b[${cursorRow + 1};${cursorColumn + 1}H`;
    const snapshot: PtyTerminalSnapshot = Object.freeze({
      ptyId: this.#identity.ptyId,
      providerRevision: this.#identity.providerRevision,
      generation: this.#identity.generation,
      sequence: this.#applied,
      size: Object.freeze({ rows, cols: columns }),
      cursor: Object.freeze([cursorRow, cursorColumn] as const),
      bracketedPaste: terminal.modes.bracketedPasteMode,
      contents: this.contents(),
      formatted: encoder.encode(formatted),
      scrollbackFormatted: Object.freeze(scrollbackFormatted),
      alternateScreen,
      mouseProtocolEnabled: terminal.modes.mouseTrackingMode !== 'none',
      mouseProtocolEncoding: this.#mouseEncoding,
    });
    this.#snapshot = snapshot;
    this.#contents = null;
    return snapshot;
  }

  // The newest TERMINAL_FRAME_SCROLLBACK_MAX_ROWS scrollback rows of the normal buffer, formatted;
  // rows formatted for an earlier snapshot are reused.
  #scrollbackRows(): Uint8Array[] {
    const buffer = this.#terminal.buffer.active;
    const end = buffer.baseY;
    const start = Math.max(0, end - TERMINAL_FRAME_SCROLLBACK_MAX_ROWS);
    const cached = this.#scrollback;
    // Where the cached rows are now: xterm moved the marker up as it trimmed the oldest lines.
    const cachedEnd = cached === null || cached.marker.isDisposed ? -1 : cached.marker.line + 1;
    const cachedStart = cached === null ? 0 : cachedEnd - cached.rows.length;
    if (cached !== null && cachedStart === start && cachedEnd === end) return cached.rows;
    const columns = this.#terminal.cols;
    const scratch = buffer.getNullCell();
    const rows: Uint8Array[] = [];
    for (let y = start; y < end; y += 1) {
      if (cached !== null && y >= cachedStart && y < cachedEnd) {
        rows.push(cached.rows[y - cachedStart] as Uint8Array);
        continue;
      }
      const line = buffer.getLine(y);
      rows.push(encoder.encode(line === undefined ? '' : formattedRow(line, columns, scratch)));
    }
    this.#dropScrollback();
    // The marker sits on the last scrollback line: `end - 1`, relative to the cursor's line.
    const marker = end > 0 ? this.#terminal.registerMarker(-1 - buffer.cursorY) : undefined;
    if (marker !== undefined)
      this.#scrollback = { rows: Object.freeze(rows) as Uint8Array[], marker };
    return rows;
  }

  /**
   * Releases the emulator (xterm's buffers, its parser and the scrollback cache) after taking the
   * final snapshot: `snapshot()`, `contents()` and `bracketedPaste` keep answering with that
   * state, and later writes and resizes are dropped (writes still queued in xterm are never
   * applied; `flushed()` resolves at once). Idempotent.
   */
  dispose(): void {
    if (this.#disposed) return;
    this.snapshot();
    this.#disposed = true;
    this.#contents = null;
    this.#dropScrollback();
    this.#terminal.dispose();
    for (const listener of [...this.#appliedListeners]) listener();
    this.#appliedListeners.clear();
  }
}
