import { randomUUID } from 'node:crypto';
import {
  createServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { MCP_CONNECTIONS_PER_SESSION_MAX, MCP_MESSAGE_MAX_BYTES } from './constants.js';
import type { McpSdk } from './load-mcp-sdk.js';
import type { McpBridgeSession } from './mcp-bridge-session.js';
import { sameSecret } from './socket-endpoint.js';

interface HttpSessionEntry {
  readonly session: McpBridgeSession;
  readonly token: string;
  readonly transports: Set<StreamableHTTPServerTransport>;
}

function refuse(response: ServerResponse, status: number, message: string, headers = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

function readBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MCP_MESSAGE_MAX_BYTES) {
        resolve(null);
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * The bridge's Streamable HTTP server, bound to 127.0.0.1 only. Each session has its own path
 * (`/mcp/<route>`) and bearer token; a request without the token, with another session's token,
 * with an MCP session id of another session, or with a body over {@link MCP_MESSAGE_MAX_BYTES}
 * is refused before it reaches an MCP server.
 */
export class HttpEndpoint {
  readonly #server: HttpServer;
  readonly #sdk: McpSdk;
  readonly #routes = new Map<string, HttpSessionEntry>();
  readonly #byMcpSession = new Map<
    string,
    { route: string; transport: StreamableHTTPServerTransport }
  >();

  private constructor(server: HttpServer, sdk: McpSdk) {
    this.#server = server;
    this.#sdk = sdk;
  }

  /** Starts listening on 127.0.0.1 at an ephemeral port; serves with the loaded `sdk`. */
  static listen(sdk: McpSdk): Promise<HttpEndpoint> {
    const server = createServer();
    const endpoint = new HttpEndpoint(server, sdk);
    server.on('request', (request, response) => {
      endpoint.#handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) refuse(response, 500, String(error));
        else response.destroy();
      });
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: '127.0.0.1', port: 0 }, () => {
        server.off('error', reject);
        resolve(endpoint);
      });
    });
  }

  /** The port the server listens on (127.0.0.1). */
  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  /** Serves `session` at `/mcp/<route>` to requests bearing `token`; returns the URL. */
  addSession(route: string, token: string, session: McpBridgeSession): string {
    this.#routes.set(route, { session, token, transports: new Set() });
    return `http://127.0.0.1:${this.port}/mcp/${route}`;
  }

  /** Stops serving `route` and closes its MCP connections. */
  async removeSession(route: string): Promise<void> {
    const entry = this.#routes.get(route);
    this.#routes.delete(route);
    if (entry === undefined) return;
    await Promise.all([...entry.transports].map((transport) => transport.close()));
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const match = /^\/mcp\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    const entry = match === null ? undefined : this.#routes.get(match[1] ?? '');
    if (match === null || entry === undefined) {
      refuse(
        response,
        404,
        `no gate4agent MCP session at ${url.pathname}; use the URL the host gave this session`,
      );
      return;
    }
    const route = match[1] ?? '';
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (token === '' || !sameSecret(token, entry.token)) {
      refuse(
        response,
        401,
        'missing or wrong bearer token for this MCP session; send the Authorization header the host gave this session',
        { 'www-authenticate': 'Bearer' },
      );
      return;
    }
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > MCP_MESSAGE_MAX_BYTES) {
      refuse(
        response,
        413,
        `request body of ${declared} bytes is over the ${MCP_MESSAGE_MAX_BYTES}-byte limit; send smaller arguments`,
      );
      return;
    }
    let body: unknown;
    if (request.method === 'POST') {
      const raw = await readBody(request);
      if (raw === null) {
        refuse(
          response,
          413,
          `request body is over the ${MCP_MESSAGE_MAX_BYTES}-byte limit; send smaller arguments`,
        );
        return;
      }
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        refuse(response, 400, 'request body is not JSON; send a JSON-RPC message');
        return;
      }
    }
    const mcpSessionId = request.headers['mcp-session-id'];
    if (typeof mcpSessionId === 'string') {
      const known = this.#byMcpSession.get(mcpSessionId);
      if (known === undefined || known.route !== route) {
        refuse(response, 404, 'unknown MCP session id for this session; initialize again');
        return;
      }
      await known.transport.handleRequest(request, response, body);
      return;
    }
    if (request.method !== 'POST' || !this.#sdk.isInitializeRequest(body)) {
      refuse(response, 400, 'no MCP session id; start with an initialize request');
      return;
    }
    if (entry.session.connections >= MCP_CONNECTIONS_PER_SESSION_MAX) {
      refuse(
        response,
        429,
        `this session already has ${MCP_CONNECTIONS_PER_SESSION_MAX} MCP connections; close one first`,
      );
      return;
    }
    const transport = new this.#sdk.StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.#byMcpSession.set(id, { route, transport });
      },
    });
    entry.transports.add(transport);
    transport.onclose = () => {
      entry.transports.delete(transport);
      if (transport.sessionId !== undefined) this.#byMcpSession.delete(transport.sessionId);
    };
    const server = this.#sdk.createSessionServer(entry.session);
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  }

  /** Closes every connection and stops listening. */
  async close(): Promise<void> {
    await Promise.all([...this.#routes.keys()].map((route) => this.removeSession(route)));
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
