import type { ServerResponse } from 'node:http';
import { DROPPED_VIEWER_LINGER_MS } from './constants.js';
import { type ViewerDrop, type ViewerDropReason, viewerDropMessage } from './viewer-drop.js';

/** @internal How one viewer is bounded, and whom it tells when it is dropped. */
export interface ViewerLimits {
  readonly maxBufferedBytes: number;
  readonly stallTimeoutMs: number;
  readonly onDrop: (drop: ViewerDrop) => void;
  readonly onClose: (viewer: Viewer) => void;
}

/**
 * @internal One open event stream (server-sent events) to a page. Frames are coalesced while the
 * connection is backed up (the latest frame per session wins; the encoded frame is one string
 * shared by every viewer, so what a viewer keeps of them is bounded by the session count, not by
 * its backlog) and written one at a time as the connection drains; every other event is written in
 * order. The bytes written to the connection and not yet sent never pass `maxBufferedBytes`: a
 * viewer that would need more, or that leaves written data unread for `stallTimeoutMs`, is dropped
 * and told why.
 */
export class Viewer {
  readonly id: number;
  readonly #response: ServerResponse;
  readonly #limits: ViewerLimits;
  readonly #pendingFrames = new Map<string, string>();
  #stallTimer: NodeJS.Timeout | null = null;
  #dropped = false;
  #closed = false;
  #peakBufferedBytes = 0;

  constructor(id: number, response: ServerResponse, limits: ViewerLimits) {
    this.id = id;
    this.#response = response;
    this.#limits = limits;
    response.on('drain', () => this.#drained());
    response.on('close', () => this.#close());
  }

  /** The most bytes the host held unsent for this viewer (the drop notice not counted). */
  get peakBufferedBytes(): number {
    return this.#peakBufferedBytes;
  }

  /** Whether this viewer can still receive events. */
  get open(): boolean {
    return !this.#dropped && !this.#closed;
  }

  /** Writes one event (encoded by {@link encodeEvent}) in order. */
  send(chunk: string): void {
    if (!this.open) return;
    this.#write(chunk);
  }

  /**
   * Writes a frame event of session `key` (encoded by {@link encodeEvent}), or keeps it,
   * replacing an older one, while the connection is backed up.
   */
  sendFrame(key: string, chunk: string): void {
    if (!this.open) return;
    if (this.#response.writableNeedDrain || this.#pendingFrames.size > 0) {
      this.#pendingFrames.delete(key);
      this.#pendingFrames.set(key, chunk);
      return;
    }
    this.#write(chunk);
  }

  /** Ends the stream (the view is closing). */
  close(): void {
    this.#clearStall();
    if (!this.#closed) this.#response.destroy();
  }

  #checkBound(extra: number): boolean {
    const held = this.#response.writableLength + extra;
    if (held > this.#limits.maxBufferedBytes) {
      this.#drop('buffer-full', this.#response.writableLength);
      return false;
    }
    this.#peakBufferedBytes = Math.max(this.#peakBufferedBytes, held);
    return true;
  }

  #write(chunk: string): void {
    if (!this.#checkBound(Buffer.byteLength(chunk))) return;
    const flushed = this.#response.write(chunk);
    if (!flushed) this.#startStall();
  }

  #drained(): void {
    this.#clearStall();
    if (!this.open) return;
    // One frame per drain at a time: writing every kept frame at once would queue them all
    // (16 screens are more than a megabyte) although the viewer keeps up.
    for (const [key, chunk] of this.#pendingFrames) {
      if (this.#response.writableNeedDrain) return;
      this.#pendingFrames.delete(key);
      this.#write(chunk);
      if (!this.open) return;
    }
  }

  #startStall(): void {
    if (this.#stallTimer !== null) return;
    this.#stallTimer = setTimeout(() => {
      this.#stallTimer = null;
      if (this.open && this.#response.writableNeedDrain) {
        this.#drop('stalled', this.#response.writableLength);
      }
    }, this.#limits.stallTimeoutMs);
    this.#stallTimer.unref();
  }

  #clearStall(): void {
    if (this.#stallTimer === null) return;
    clearTimeout(this.#stallTimer);
    this.#stallTimer = null;
  }

  #drop(reason: ViewerDropReason, bufferedBytes: number): void {
    if (!this.open) return;
    this.#dropped = true;
    this.#clearStall();
    this.#pendingFrames.clear();
    const limit =
      reason === 'buffer-full' ? this.#limits.maxBufferedBytes : this.#limits.stallTimeoutMs;
    const message = viewerDropMessage(reason, limit);
    // The notice goes after what the viewer still has to read; it is the only write past the bound.
    this.#response.end(encodeEvent('dropped', { reason, message }));
    const linger = setTimeout(() => this.#response.destroy(), DROPPED_VIEWER_LINGER_MS);
    linger.unref();
    this.#response.once('close', () => clearTimeout(linger));
    this.#limits.onDrop({ viewerId: this.id, reason, message, bufferedBytes });
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#clearStall();
    this.#pendingFrames.clear();
    this.#limits.onClose(this);
  }
}

/** One server-sent event: its name and its JSON data on one line. */
export function encodeEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
