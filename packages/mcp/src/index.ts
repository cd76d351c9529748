// @gate4agent/mcp: the MCP bridge. Named re-exports only.

export { ERROR_META_KEY, RESULT_META_KEY } from './completion-result.js';
export {
  GRANT_META_KEY,
  MCP_APPROVAL_PROGRESS_INTERVAL_MS,
  MCP_ARGUMENTS_MAX_BYTES,
  MCP_CONNECTIONS_PER_SESSION_MAX,
  MCP_DEFAULT_DEADLINE_TICKS,
  MCP_MESSAGE_MAX_BYTES,
  MCP_RESULT_MAX_BYTES,
  MCP_SECRET_ENV,
  MCP_SECRET_LINE_MAX_BYTES,
  MCP_SERVER_NAME,
  MCP_SESSIONS_MAX,
  MCP_SOCKET_ENV,
} from './constants.js';
export type { GrantedTool, McpInputSchema } from './granted-tools.js';
export { ANY_OBJECT_SCHEMA } from './granted-tools.js';
export type { McpBridgeOptions, OpenMcpSessionOptions } from './mcp-bridge.js';
export { GATE4AGENT_MCP_BIN, McpBridge, McpSessionEndpoint } from './mcp-bridge.js';
export { McpBridgeError } from './mcp-bridge-error.js';
export type { McpBridgeHost } from './mcp-bridge-host.js';
export type { McpCallContext, McpGrantTarget } from './mcp-bridge-session.js';
export { McpBridgeSession } from './mcp-bridge-session.js';
export type { McpToolErrorKind } from './mcp-tool-error.js';
export { McpToolError } from './mcp-tool-error.js';
