import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentSession, NativeRuntime } from '@gate4agent/runtime-native';
import { Gate4AgentError } from '@gate4agent/types';
import { createAccessToken, tokenMatches } from './access-token.js';
import {
  DEFAULT_MAX_VIEWERS,
  DEFAULT_VIEWER_BUFFER_BYTES,
  DEFAULT_VIEWER_STALL_MS,
  MAX_CONTROL_BODY_BYTES,
} from './constants.js';
import { type ControlRefusal, invalidRequest, parseControlRequest } from './control-request.js';
import { loadPageAssets, type PageAsset } from './page-assets.js';
import { runControl } from './run-control.js';
import { frameView, sessionView } from './session-view.js';
import { ToolPlaneTimeline } from './tool-plane-timeline.js';
import { toolsView } from './tools-view.js';
import { encodeEvent, Viewer } from './viewer.js';
import type { ViewerDrop } from './viewer-drop.js';
import type { WebViewOptions, WebViewStats } from './web-view-options.js';

/** The only address a view listens on. */
export const WEB_VIEW_HOST = '127.0.0.1';

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Gate4AgentError(
      'invalid-argument',
      `web view option ${name} must be a positive integer, got ${String(value)}; pass a whole number or leave it out for the default ${fallback}`,
    );
  }
  return value;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A live web page of a {@link NativeRuntime}: every watched agent session's terminal (rendered by
 * xterm.js in the page), status, generation, pid and operator gate, and the tool plane as a
 * timeline, with controls that go through the same handles as code. Served on 127.0.0.1 only, at
 * a URL holding a random token made for this start; updates are pushed as server-sent events,
 * bounded per viewer (a viewer that falls behind is dropped and told).
 */
export class WebView implements AsyncDisposable {
  /** The page's URL, token included: give it only to the people who may control the agents. */
  readonly url: string;
  readonly #server: Server;
  readonly #token: string;
  readonly #runtime: NativeRuntime;
  readonly #assets: Map<string, PageAsset>;
  readonly #title: string;
  readonly #limits: { maxBufferedBytes: number; stallTimeoutMs: number; maxViewers: number };
  readonly #sessions = new Map<string, AgentSession>();
  readonly #sessionState = new Map<string, { view: string; frame: number | null }>();
  readonly #viewers = new Set<Viewer>();
  readonly #dropListeners = new Set<(drop: ViewerDrop) => void>();
  readonly #timeline: ToolPlaneTimeline;
  readonly #unsubscribe: () => void;
  #tools = '';
  #nextViewerId = 1;
  #dropped = 0;
  #peakBufferedBytes = 0;
  #closed: Promise<void> | null = null;

  private constructor(
    server: Server,
    token: string,
    runtime: NativeRuntime,
    assets: Map<string, PageAsset>,
    options: WebViewOptions,
  ) {
    this.#server = server;
    this.#token = token;
    this.#runtime = runtime;
    this.#assets = assets;
    this.#title = options.title ?? 'gate4agent';
    this.#limits = {
      maxBufferedBytes: positiveInteger(
        'maxViewerBufferedBytes',
        options.maxViewerBufferedBytes,
        DEFAULT_VIEWER_BUFFER_BYTES,
      ),
      stallTimeoutMs: positiveInteger(
        'viewerStallTimeoutMs',
        options.viewerStallTimeoutMs,
        DEFAULT_VIEWER_STALL_MS,
      ),
      maxViewers: positiveInteger('maxViewers', options.maxViewers, DEFAULT_MAX_VIEWERS),
    };
    const { port } = server.address() as AddressInfo;
    this.url = `http://${WEB_VIEW_HOST}:${port}/${token}/`;
    this.#timeline = new ToolPlaneTimeline(runtime);
    this.#tools = JSON.stringify(toolsView(runtime.toolAuthority().snapshot().tools));
    server.on('request', (request, response) => this.#route(request, response));
    for (const session of options.sessions ?? []) this.watch(session);
    this.#unsubscribe = runtime.onPublish(() => this.#refresh());
  }

  /**
   * Starts a view of `options.runtime` on 127.0.0.1 (a free port unless `options.port`) with a
   * fresh token. Rejects with `invalid-argument` for a bad option, `assets-missing` when the
   * package was not built, or the listen error (for example `EADDRINUSE`).
   */
  static async start(options: WebViewOptions): Promise<WebView> {
    const port = options.port ?? 0;
    if (!Number.isSafeInteger(port) || port < 0 || port > 65_535) {
      throw new Gate4AgentError(
        'invalid-argument',
        `web view option port must be an integer from 0 to 65535, got ${String(port)}; pass 0 for a free port`,
      );
    }
    for (const [name, value] of [
      ['maxViewerBufferedBytes', options.maxViewerBufferedBytes],
      ['viewerStallTimeoutMs', options.viewerStallTimeoutMs],
      ['maxViewers', options.maxViewers],
    ] as const) {
      positiveInteger(name, value, 1);
    }
    const assets = await loadPageAssets();
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: WEB_VIEW_HOST, port, exclusive: true }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return new WebView(server, createAccessToken(), options.runtime, assets, options);
  }

  /** Where the server listens: always `127.0.0.1`, and its port. */
  get address(): AddressInfo {
    return this.#server.address() as AddressInfo;
  }

  /** Shows `session` (its terminal, status and gate) until the returned function is called. */
  watch(session: AgentSession): () => void {
    const id = String(session.instanceId);
    this.#sessions.set(id, session);
    this.#publishSession(id, session);
    return () => {
      if (this.#sessions.get(id) !== session) return;
      this.#sessions.delete(id);
      this.#sessionState.delete(id);
      this.#broadcast(encodeEvent('session-removed', { id }));
    };
  }

  /** Calls `listener` for every viewer dropped because it did not keep up; returns the unsubscribe. */
  onViewerDropped(listener: (drop: ViewerDrop) => void): () => void {
    this.#dropListeners.add(listener);
    return () => this.#dropListeners.delete(listener);
  }

  /** Counters of what the view served; see {@link WebViewStats}. */
  stats(): WebViewStats {
    let peak = this.#peakBufferedBytes;
    for (const viewer of this.#viewers) peak = Math.max(peak, viewer.peakBufferedBytes);
    return {
      viewers: this.#viewers.size,
      droppedViewers: this.#dropped,
      peakViewerBufferedBytes: peak,
      maxViewerBufferedBytes: this.#limits.maxBufferedBytes,
      sessions: this.#sessions.size,
      timelineEntries: this.#timeline.entries().length,
    };
  }

  /** Stops serving: closes every viewer and the listener. The runtime and sessions are left as they are. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      this.#unsubscribe();
      this.#timeline.close();
      for (const viewer of [...this.#viewers]) viewer.close();
      await new Promise<void>((resolve) => {
        this.#server.close(() => resolve());
        this.#server.closeAllConnections();
      });
    })();
    return this.#closed;
  }

  /** Same as {@link close}, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  #refresh(): void {
    for (const [id, session] of this.#sessions) this.#publishSession(id, session);
    const added = this.#timeline.update();
    if (added.length > 0) this.#broadcast(encodeEvent('timeline', { entries: added }));
    const tools = JSON.stringify(toolsView(this.#runtime.toolAuthority().snapshot().tools));
    if (tools !== this.#tools) {
      this.#tools = tools;
      this.#broadcast(`event: tools\ndata: ${tools}\n\n`);
    }
  }

  #publishSession(id: string, session: AgentSession): void {
    const state = this.#sessionState.get(id) ?? { view: '', frame: null };
    const view = JSON.stringify(sessionView(session));
    if (view !== state.view) {
      state.view = view;
      this.#broadcast(`event: session\ndata: ${view}\n\n`);
    }
    const frame = session.frame;
    if (frame !== null && frame.sequence !== state.frame) {
      state.frame = frame.sequence;
      const chunk = encodeEvent('frame', frameView(id, frame));
      for (const viewer of this.#viewers) viewer.sendFrame(id, chunk);
    }
    this.#sessionState.set(id, state);
  }

  #broadcast(chunk: string): void {
    for (const viewer of this.#viewers) viewer.send(chunk);
  }

  #route(request: IncomingMessage, response: ServerResponse): void {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const slash = path.indexOf('/', 1);
    const candidate = path.slice(1, slash < 0 ? undefined : slash);
    if (slash < 0 || !tokenMatches(candidate, this.#token)) {
      this.#answer(
        response,
        403,
        'text/plain; charset=utf-8',
        'refused: this page needs the URL with its access token, as printed when the view started\n',
      );
      return;
    }
    const rest = path.slice(slash);
    if (rest === '/' && request.method === 'GET') {
      const html = this.#assets.get('index.html')!.body.toString('utf8');
      this.#answer(
        response,
        200,
        'text/html; charset=utf-8',
        html.replaceAll('{{TITLE}}', escapeHtml(this.#title)),
      );
    } else if (rest.startsWith('/assets/') && request.method === 'GET') {
      const asset = this.#assets.get(rest.slice('/assets/'.length));
      if (asset === undefined)
        this.#answer(response, 404, 'text/plain; charset=utf-8', 'not found\n');
      else this.#answer(response, 200, asset.contentType, asset.body);
    } else if (rest === '/events' && request.method === 'GET') {
      this.#openViewer(response);
    } else if (rest === '/control' && request.method === 'POST') {
      void this.#control(request, response);
    } else {
      this.#answer(response, 404, 'text/plain; charset=utf-8', 'not found\n');
    }
  }

  #answer(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
    response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type });
    response.end(body);
  }

  #openViewer(response: ServerResponse): void {
    if (this.#viewers.size >= this.#limits.maxViewers) {
      this.#answer(
        response,
        503,
        'text/plain; charset=utf-8',
        `refused: this view already serves ${this.#limits.maxViewers} viewers; close one and reload\n`,
      );
      return;
    }
    response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream' });
    response.flushHeaders();
    const viewer = new Viewer(this.#nextViewerId++, response, {
      maxBufferedBytes: this.#limits.maxBufferedBytes,
      stallTimeoutMs: this.#limits.stallTimeoutMs,
      onDrop: (drop) => {
        this.#dropped += 1;
        this.#viewers.delete(viewer);
        this.#peakBufferedBytes = Math.max(this.#peakBufferedBytes, viewer.peakBufferedBytes);
        for (const listener of [...this.#dropListeners]) listener(drop);
      },
      onClose: (closed) => {
        this.#viewers.delete(closed);
        this.#peakBufferedBytes = Math.max(this.#peakBufferedBytes, closed.peakBufferedBytes);
      },
    });
    this.#viewers.add(viewer);
    const sessions = [...this.#sessions.values()];
    viewer.send(
      encodeEvent('hello', {
        title: this.#title,
        viewerId: viewer.id,
        sessions: sessions.map((session) => sessionView(session)),
        timeline: this.#timeline.entries(),
        tools: JSON.parse(this.#tools),
        limits: {
          maxBufferedBytes: this.#limits.maxBufferedBytes,
          stallTimeoutMs: this.#limits.stallTimeoutMs,
        },
      }),
    );
    for (const [id, session] of this.#sessions) {
      const frame = session.frame;
      if (frame !== null) viewer.sendFrame(id, encodeEvent('frame', frameView(id, frame)));
    }
  }

  async #control(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const reply = (refusal: ControlRefusal | null) => {
      const body =
        refusal === null
          ? { ok: true }
          : { ok: false, kind: refusal.kind, message: refusal.message };
      this.#answer(
        response,
        refusal?.status ?? 200,
        'application/json; charset=utf-8',
        JSON.stringify(body),
      );
    };
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== new URL(this.url).origin) {
      reply(invalidRequest(`it came from another origin (${origin})`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of request) {
        size += (chunk as Buffer).length;
        if (size > MAX_CONTROL_BODY_BYTES) {
          // Answer at once and discard the rest; the connection closes after the answer.
          response.setHeader('connection', 'close');
          reply(invalidRequest(`the body is larger than ${MAX_CONTROL_BODY_BYTES} bytes`));
          request.resume();
          return;
        }
        chunks.push(chunk as Buffer);
      }
    } catch {
      return;
    }
    const parsed = parseControlRequest(Buffer.concat(chunks).toString('utf8'));
    if (!parsed.ok) {
      reply(parsed.error);
      return;
    }
    reply(await runControl(this.#runtime, this.#sessions, parsed.value));
  }
}
