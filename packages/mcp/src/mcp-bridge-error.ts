import { Gate4AgentError } from '@gate4agent/types';

/**
 * One factory per error the bridge throws (misuse and failures to set a session up), each a
 * `Gate4AgentError` whose message says what happened, with the values, and what to do. A tool
 * call's failures are not thrown: they are MCP tool errors ({@link McpToolError}).
 */
export const McpBridgeError = {
  /** The bridge was disposed. */
  disposed: (): Gate4AgentError =>
    new Gate4AgentError('bridge-disposed', 'the MCP bridge is disposed; create a new McpBridge'),
  /** The bridge was created without a runtime and none was bound. */
  notBound: (): Gate4AgentError =>
    new Gate4AgentError(
      'bridge-not-bound',
      'the MCP bridge has no runtime yet; call bridge.bind(runtime) before launching agents with mcp: true',
    ),
  /** `bind` was called on a bridge that has a runtime. */
  alreadyBound: (): Gate4AgentError =>
    new Gate4AgentError(
      'bridge-already-bound',
      'the MCP bridge is already bound to a runtime; create another McpBridge for another runtime',
    ),
  /** {@link MCP_SESSIONS_MAX} sessions are open. */
  sessionLimit: (limit: number): Gate4AgentError =>
    new Gate4AgentError(
      'session-limit',
      `the MCP bridge already serves ${limit} sessions; close a session (dispose it) before opening another`,
    ),
  /** The bridge could not bind a tool client for the session. */
  clientUnavailable: (instanceId: number, reason: string): Gate4AgentError =>
    new Gate4AgentError(
      'client-unavailable',
      `the MCP bridge could not bind a tool client for agent session ${instanceId}: ${reason}; close a tool client, then open the session again`,
    ),
  /** A listener (Unix socket or HTTP) could not be opened. */
  listenFailed: (what: string, cause: unknown): Gate4AgentError =>
    new Gate4AgentError(
      'listen-failed',
      `the MCP bridge could not listen on ${what} (${cause instanceof Error ? cause.message : String(cause)}); check the temporary directory and free ports, then try again`,
      { cause },
    ),
  /** An option has the wrong type or range. */
  invalidOption: (option: string, got: unknown, expected: string): Gate4AgentError =>
    new Gate4AgentError(
      'invalid-argument',
      `MCP bridge option ${option} is ${JSON.stringify(got)}; give ${expected}`,
    ),
} as const;
