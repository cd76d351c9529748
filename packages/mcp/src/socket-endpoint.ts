import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server as NetServer, type Socket } from 'node:net';
import {
  MCP_CONNECTIONS_PER_SESSION_MAX,
  MCP_MESSAGE_MAX_BYTES,
  MCP_SECRET_LINE_MAX_BYTES,
} from './constants.js';
import type { McpSdk } from './load-mcp-sdk.js';
import type { McpBridgeSession } from './mcp-bridge-session.js';

/** Constant-time comparison of a presented secret with the expected one. */
export function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * One session's Unix socket (in the bridge's 0700 directory). A connection first sends the
 * session's secret and a newline (what `gate4agent-mcp` does), then speaks MCP as newline-
 * delimited JSON-RPC, exactly as over stdio. A wrong or missing secret closes the connection.
 */
export class SocketEndpoint {
  readonly path: string;
  readonly #server: NetServer;
  readonly #sdk: McpSdk;
  readonly #sockets = new Set<Socket>();

  private constructor(path: string, server: NetServer, sdk: McpSdk) {
    this.path = path;
    this.#server = server;
    this.#sdk = sdk;
  }

  /** Listens on `path` for `session`, authenticating with `secret`; serves with the loaded `sdk`. */
  static listen(
    path: string,
    secret: string,
    session: McpBridgeSession,
    sdk: McpSdk,
  ): Promise<SocketEndpoint> {
    const server = createServer();
    const endpoint = new SocketEndpoint(path, server, sdk);
    server.on('connection', (socket) => endpoint.#accept(socket, secret, session));
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve(endpoint);
      });
    });
  }

  #accept(socket: Socket, secret: string, session: McpBridgeSession): void {
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (session.connections >= MCP_CONNECTIONS_PER_SESSION_MAX) {
      socket.destroy();
      return;
    }
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const newline = head.indexOf(0x0a);
      if (newline < 0) {
        if (head.length > MCP_SECRET_LINE_MAX_BYTES) socket.destroy();
        return;
      }
      socket.off('data', onData);
      socket.pause();
      const presented = head.subarray(0, newline).toString('utf8').trim();
      if (!sameSecret(presented, secret)) {
        socket.destroy();
        return;
      }
      const rest = head.subarray(newline + 1);
      if (rest.length > 0) socket.unshift(rest);
      this.#serve(socket, session);
    };
    socket.on('data', onData);
  }

  #serve(socket: Socket, session: McpBridgeSession): void {
    const transport = new this.#sdk.StdioServerTransport(socket, socket, {
      maxBufferSize: MCP_MESSAGE_MAX_BYTES,
    });
    const server = this.#sdk.createSessionServer(session);
    const previous = server.onclose;
    server.onclose = () => {
      previous?.();
      socket.destroy();
    };
    socket.on('close', () => void server.close());
    // The socket was paused for the handshake; it flows again once the transport listens.
    server.connect(transport).then(
      () => socket.resume(),
      () => socket.destroy(),
    );
  }

  /** Stops listening and closes every connection. */
  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
