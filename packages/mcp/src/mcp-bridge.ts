import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServerEntry } from '@gate4agent/agent-catalog';
import type { McpAttacher, McpAttachment, McpAttachRequest } from '@gate4agent/runtime-native';
import type { ToolCapabilityId } from '@gate4agent/tool-protocol';
import { ToolActorId } from '@gate4agent/tool-protocol';
import type { AgentInstanceId } from '@gate4agent/types';
import {
  MCP_DEFAULT_DEADLINE_TICKS,
  MCP_SECRET_ENV,
  MCP_SERVER_NAME,
  MCP_SESSIONS_MAX,
  MCP_SOCKET_ENV,
} from './constants.js';
import type { McpInputSchema } from './granted-tools.js';
import { HttpEndpoint } from './http-endpoint.js';
import { loadMcpSdk } from './load-mcp-sdk.js';
import { McpBridgeError } from './mcp-bridge-error.js';
import type { McpBridgeHost } from './mcp-bridge-host.js';
import { McpBridgeSession } from './mcp-bridge-session.js';
import { SocketEndpoint } from './socket-endpoint.js';

/** Options of {@link McpBridge.create}. */
export interface McpBridgeOptions {
  /**
   * JSON Schemas of tool arguments by capability id, overriding the capability descriptor's
   * `inputSchema`; a capability in neither accepts any JSON object. The bridge lists the schema
   * but does not check `tools/call` arguments against it: the provider does.
   */
  readonly inputSchemas?: ReadonlyMap<ToolCapabilityId, McpInputSchema>;
  /** Deadline of each call in logical ticks after it was sent. Default {@link MCP_DEFAULT_DEADLINE_TICKS}. */
  readonly deadlineTicks?: number;
  /** Receives what could not be delivered to an MCP client (a notification on a closed stream). Default: a process warning. */
  readonly onError?: (error: unknown) => void;
  /**
   * How an agent launched with `mcp: true` reaches its server: `'stdio'` (default; the agent
   * starts `gate4agent-mcp`) or `'http'` (Streamable HTTP on 127.0.0.1 with a bearer token).
   */
  readonly launchTransport?: 'stdio' | 'http';
}

/** Options of {@link McpBridge.openSession}. */
export interface OpenMcpSessionOptions {
  /** The actor the session's tool client acts as. Default `agent.<instanceId>`. */
  readonly actorId?: ToolActorId;
}

/**
 * The absolute path of the built `gate4agent-mcp` program (the stdio end an agent CLI starts).
 * `../dist/` resolves to the same file from `src/` (tests) and from `dist/` (the package).
 */
export const GATE4AGENT_MCP_BIN = fileURLToPath(
  new URL('../dist/bin/gate4agent-mcp.js', import.meta.url),
);

/**
 * One agent session opened on a bridge: the {@link McpBridgeSession} and how an agent CLI reaches
 * it. Dispose it with the agent session.
 */
export class McpSessionEndpoint {
  /** The session (its tool client, its tools, `grantFor`). */
  readonly session: McpBridgeSession;
  /** The stdio entry: `node gate4agent-mcp` with the socket path and secret in its environment. */
  readonly stdio: Extract<McpServerEntry, { kind: 'stdio' }>;
  readonly #bridge: McpBridge;
  readonly #route: string;
  readonly #token: string;
  readonly #socket: SocketEndpoint;
  #http: Extract<McpServerEntry, { kind: 'http' }> | null = null;
  #disposed = false;

  /** @internal */
  constructor(
    bridge: McpBridge,
    session: McpBridgeSession,
    socket: SocketEndpoint,
    secret: string,
    route: string,
    token: string,
  ) {
    this.#bridge = bridge;
    this.session = session;
    this.#socket = socket;
    this.#route = route;
    this.#token = token;
    this.stdio = {
      kind: 'stdio',
      name: MCP_SERVER_NAME,
      command: process.execPath,
      args: [GATE4AGENT_MCP_BIN],
      env: { [MCP_SOCKET_ENV]: socket.path, [MCP_SECRET_ENV]: secret },
    };
  }

  /** The Streamable HTTP entry (URL on 127.0.0.1 and bearer header); starts the HTTP server on first use. */
  async http(): Promise<Extract<McpServerEntry, { kind: 'http' }>> {
    if (this.#http !== null) return this.#http;
    const server = await this.#bridge.httpEndpoint();
    const url = server.addSession(this.#route, this.#token, this.session);
    this.#http = {
      kind: 'http',
      name: MCP_SERVER_NAME,
      url,
      headers: { Authorization: `Bearer ${this.#token}` },
    };
    return this.#http;
  }

  /** Closes the session's connections, its socket and its HTTP route, and its tool client's bridge side. Idempotent. */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    await this.session.dispose();
    await this.#socket.close();
    await this.#bridge.closeSession(this, this.#route);
  }

  /** Same as {@link dispose}. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }
}

/**
 * The MCP bridge: serves, per agent session, an MCP server whose tools are exactly the
 * capabilities granted to that session, over stdio (through `gate4agent-mcp` and a Unix socket in
 * a 0700 directory with a per-session secret) and Streamable HTTP (127.0.0.1, per-session bearer
 * token).
 */
export class McpBridge implements McpAttacher {
  #host: McpBridgeHost | null;
  readonly #options: McpBridgeOptions;
  readonly #directory: string;
  readonly #sessions = new Set<McpSessionEndpoint>();
  #http: Promise<HttpEndpoint> | null = null;
  #counter = 0;
  #disposed = false;

  private constructor(host: McpBridgeHost | null, directory: string, options: McpBridgeOptions) {
    this.#host = host;
    this.#directory = directory;
    this.#options = options;
  }

  /**
   * A bridge over `host` (a `NativeRuntime`); creates its private 0700 socket directory. Pass
   * `null` to build the bridge before the runtime (to give it as `NativeRuntime.create`'s `mcp`
   * option), then {@link bind} the runtime.
   */
  static async create(
    host: McpBridgeHost | null,
    options: McpBridgeOptions = {},
  ): Promise<McpBridge> {
    const ticks = options.deadlineTicks ?? MCP_DEFAULT_DEADLINE_TICKS;
    if (!Number.isSafeInteger(ticks) || ticks < 1) {
      throw McpBridgeError.invalidOption('deadlineTicks', ticks, 'a whole number of ticks ≥ 1');
    }
    // mkdtemp creates the directory with mode 0700: only this user can reach the sockets.
    const directory = await mkdtemp(join(tmpdir(), 'g4a-mcp-'));
    return new McpBridge(host, directory, options);
  }

  /** Binds the runtime of a bridge created with `null`; throws when it already has one. */
  bind(host: McpBridgeHost): void {
    if (this.#host !== null) throw McpBridgeError.alreadyBound();
    this.#host = host;
  }

  /** The open session of agent session `instanceId` (a launch with `mcp: true` opens it). */
  sessionOf(instanceId: AgentInstanceId): McpSessionEndpoint | undefined {
    return [...this.#sessions].find((endpoint) => endpoint.session.instanceId === instanceId);
  }

  /**
   * `McpAttacher` for `NativeRuntime`: opens the session and answers its stdio (or HTTP, per
   * `launchTransport`) entry; the runtime disposes it once the agent instance is removed (it
   * serves every run of the instance, a restart through the control handle too). A launch given
   * up through its signal rejects with the signal's reason; an endpoint it opened is disposed, as
   * is one whose HTTP transport failed to start.
   */
  async attach(request: McpAttachRequest): Promise<McpAttachment> {
    request.signal?.throwIfAborted();
    const endpoint = await this.openSession(request.instanceId);
    try {
      request.signal?.throwIfAborted();
      const entry =
        this.#options.launchTransport === 'http' ? await endpoint.http() : endpoint.stdio;
      request.signal?.throwIfAborted();
      return { entry, dispose: () => endpoint.dispose() };
    } catch (error) {
      await endpoint.dispose();
      throw error;
    }
  }

  /** The private directory holding the sessions' sockets. */
  get directory(): string {
    return this.#directory;
  }

  /** Sessions open now. */
  get sessionCount(): number {
    return this.#sessions.size;
  }

  /** Opens the MCP side of agent session `instanceId`: a tool client, a socket, a secret. */
  async openSession(
    instanceId: AgentInstanceId,
    options: OpenMcpSessionOptions = {},
  ): Promise<McpSessionEndpoint> {
    // The SDK loads with the first session, not with the package. Awaited first, so the checks
    // below still run right before the session is built.
    const sdk = await loadMcpSdk();
    if (this.#disposed) throw McpBridgeError.disposed();
    const host = this.#host;
    if (host === null) throw McpBridgeError.notBound();
    if (this.#sessions.size >= MCP_SESSIONS_MAX)
      throw McpBridgeError.sessionLimit(MCP_SESSIONS_MAX);
    const actorId = options.actorId ?? ToolActorId.of(`agent.${instanceId}`);
    const bound = host.toolClient(actorId);
    if (!bound.ok) throw McpBridgeError.clientUnavailable(instanceId, bound.error.message);
    const session = new McpBridgeSession(host, bound.value, instanceId, {
      inputSchemas: this.#options.inputSchemas ?? new Map(),
      deadlineTicks: this.#options.deadlineTicks ?? MCP_DEFAULT_DEADLINE_TICKS,
      onError:
        this.#options.onError ??
        ((error) => process.emitWarning(String(error), 'Gate4AgentMcpWarning')),
    });
    this.#counter += 1;
    const secret = randomBytes(32).toString('hex');
    let socket: SocketEndpoint;
    const path = join(this.#directory, `s${this.#counter}.sock`);
    try {
      socket = await SocketEndpoint.listen(path, secret, session, sdk);
    } catch (error) {
      await session.dispose();
      throw McpBridgeError.listenFailed(path, error);
    }
    const route = randomBytes(12).toString('hex');
    const token = randomBytes(32).toString('hex');
    const endpoint = new McpSessionEndpoint(this, session, socket, secret, route, token);
    this.#sessions.add(endpoint);
    return endpoint;
  }

  /** @internal The shared HTTP server, started on first use. */
  httpEndpoint(): Promise<HttpEndpoint> {
    if (this.#disposed) return Promise.reject(McpBridgeError.disposed());
    // A session is open (its SDK loaded) before anyone asks for its HTTP entry.
    this.#http ??= loadMcpSdk()
      .then((sdk) => HttpEndpoint.listen(sdk))
      .catch((error: unknown) => {
        this.#http = null;
        throw McpBridgeError.listenFailed('127.0.0.1', error);
      });
    return this.#http;
  }

  /** @internal Forgets a disposed session. */
  async closeSession(endpoint: McpSessionEndpoint, route: string): Promise<void> {
    this.#sessions.delete(endpoint);
    if (this.#http !== null) await (await this.#http).removeSession(route);
  }

  /** Disposes every session, stops the HTTP server and removes the socket directory. Idempotent. */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    await Promise.all([...this.#sessions].map((endpoint) => endpoint.dispose()));
    this.#disposed = true;
    if (this.#http !== null) await (await this.#http).close();
    await rm(this.#directory, { recursive: true, force: true });
  }

  /** Same as {@link dispose}. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }
}
