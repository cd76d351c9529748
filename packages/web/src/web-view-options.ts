import type { AgentSession, NativeRuntime } from '@gate4agent/runtime-native';

/** How to start a {@link WebView}. */
export interface WebViewOptions {
  /** The runtime whose sessions and tool plane the page shows and controls. */
  readonly runtime: NativeRuntime;
  /** Sessions to show from the start; add more later with `view.watch(session)`. */
  readonly sessions?: Iterable<AgentSession>;
  /** The TCP port on 127.0.0.1; default 0 (a free port the system picks). */
  readonly port?: number;
  /** The page's title; default `gate4agent`. */
  readonly title?: string;
  /** Bytes the host may hold for one viewer before dropping it; default 1 MiB. */
  readonly maxViewerBufferedBytes?: number;
  /** How long a viewer may leave written data unread before it is dropped; default 5,000 ms. */
  readonly viewerStallTimeoutMs?: number;
  /** Viewers served at once; default 16. */
  readonly maxViewers?: number;
}

/** What a view has served, for monitoring and tests. */
export interface WebViewStats {
  /** Open event streams. */
  readonly viewers: number;
  /** Viewers dropped because they did not keep up, since the start. */
  readonly droppedViewers: number;
  /** The most bytes the host held unsent for any one viewer (the final drop notice not counted). */
  readonly peakViewerBufferedBytes: number;
  /** The bound `peakViewerBufferedBytes` never passes. */
  readonly maxViewerBufferedBytes: number;
  /** Sessions shown. */
  readonly sessions: number;
  /** Timeline entries kept. */
  readonly timelineEntries: number;
}
