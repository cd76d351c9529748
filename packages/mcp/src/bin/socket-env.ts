// The variables gate4agent-mcp reads. Kept free of imports: the program loads only this file, so
// an agent CLI's MCP start-up does not wait for the tool protocol to load.

/** The environment variable naming the host's Unix socket, for `gate4agent-mcp`. */
export const MCP_SOCKET_ENV = 'GATE4AGENT_MCP_SOCKET';
/** The environment variable carrying the per-session secret, for `gate4agent-mcp`. */
export const MCP_SECRET_ENV = 'GATE4AGENT_MCP_SECRET';
