#!/usr/bin/env node
// gate4agent-mcp: the stdio end of the MCP bridge. An agent CLI starts it as an MCP server
// command; it connects to the host's Unix socket named in GATE4AGENT_MCP_SOCKET, sends the
// session secret from GATE4AGENT_MCP_SECRET, then copies stdin to the socket and the socket to
// stdout. The MCP server itself runs in the host, next to the tool engine.
import { connect } from 'node:net';
import { MCP_SECRET_ENV, MCP_SOCKET_ENV } from './socket-env.js';

const socketPath = process.env[MCP_SOCKET_ENV];
const secret = process.env[MCP_SECRET_ENV];
if (socketPath === undefined || socketPath === '' || secret === undefined || secret === '') {
  process.stderr.write(
    `gate4agent-mcp: ${MCP_SOCKET_ENV} and ${MCP_SECRET_ENV} must be set; this program is started by an agent CLI from the MCP configuration its gate4agent host wrote, not by hand\n`,
  );
  process.exit(2);
}
const socket = connect(socketPath);
socket.on('connect', () => {
  socket.write(`${secret}\n`);
  process.stdin.pipe(socket);
  socket.pipe(process.stdout);
});
socket.on('error', (error) => {
  process.stderr.write(
    `gate4agent-mcp: cannot reach the gate4agent host at ${socketPath} (${error.message}); the agent session or its host has ended\n`,
  );
  process.exit(1);
});
socket.on('close', () => process.exit(0));
process.stdin.on('end', () => socket.end());
