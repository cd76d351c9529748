// Every limit and fixed name of the MCP bridge. Byte limits are UTF-8 byte counts.
import { TOOL_INLINE_RESULT_MAX_BYTES, TOOL_PAYLOAD_MAX_BYTES } from '@gate4agent/tool-protocol';

/** The server name the bridge announces and the agent configs use (`mcp__gate4agent__…`). */
export const MCP_SERVER_NAME = 'gate4agent';
/** The `_meta` key under which a listed tool names its grant (provider, capability, scope, mode). */
export const GRANT_META_KEY = 'gate4agent/grant';
/** Max bytes of a `tools/call`'s JSON arguments: the tool protocol's payload limit (64 KiB). */
export const MCP_ARGUMENTS_MAX_BYTES = TOOL_PAYLOAD_MAX_BYTES;
/** Max bytes of an inline result the bridge turns into MCP content (256 KiB, tool-protocol's). */
export const MCP_RESULT_MAX_BYTES = TOOL_INLINE_RESULT_MAX_BYTES;
/**
 * Max bytes of one MCP message the bridge reads (stdio line or HTTP body): the argument limit
 * plus room for the JSON-RPC envelope. Larger messages are refused before they are parsed.
 */
export const MCP_MESSAGE_MAX_BYTES = MCP_ARGUMENTS_MAX_BYTES * 2 + 16 * 1_024;
/** How often (ms) a call waiting for an operator's approval sends a progress notification. */
export const MCP_APPROVAL_PROGRESS_INTERVAL_MS = 2_000;
/** Default deadline of a bridged call, in logical ticks after the tick it was sent at. */
export const MCP_DEFAULT_DEADLINE_TICKS = 1_000_000;
export { MCP_SECRET_ENV, MCP_SOCKET_ENV } from './bin/socket-env.js';
/** Max bytes of the secret line `gate4agent-mcp` sends first (a hex secret is 64). */
export const MCP_SECRET_LINE_MAX_BYTES = 256;
/** Sessions one bridge serves at once. */
export const MCP_SESSIONS_MAX = 128;
/** MCP connections (stdio or HTTP) one session serves at once. */
export const MCP_CONNECTIONS_PER_SESSION_MAX = 8;
