import type { Gate4AgentHandle } from '@gate4agent/handle';
import type { CapabilityProviderDescriptor } from '@gate4agent/tool-protocol';
import type { McpAttacher } from '../session/mcp-launch.js';
import type { NativeRuntime } from './native-runtime.js';
import type { NativeRuntimeConfig } from './native-runtime-config.js';

/** Options of the {@link NativeRuntime} constructors beyond the config. */
export interface NativeRuntimeOptions {
  /** Monotonic clock in ms for grace windows and the shutdown deadline; `performance.now()` by default. */
  readonly now?: () => number;
  /**
   * Receives what a runtime listener (`onPublish`) threw. By default it goes to the runtime's
   * error channel as `listener-threw` (`onError`, `subscribeErrors`), which re-throws it in a later
   * macrotask when nobody listens, so it is never swallowed.
   */
  readonly onListenerError?: (error: unknown) => void;
  /**
   * SIGKILL every live provider operation and PTY session when the host process exits (normal
   * exit, `process.exit()`, SIGINT, SIGTERM, SIGHUP, an uncaught exception). Default `true`;
   * `false` leaves that to the app. A host killed with SIGKILL runs nothing (see the README).
   */
  readonly killOnHostExit?: boolean;
  /**
   * Sets up the MCP server of every session launched with `mcp: true` (an `McpBridge` of
   * `@gate4agent/mcp`). Default none: such a launch fails with `mcp-unavailable`.
   */
  readonly mcp?: McpAttacher;
}

/** Options of {@link NativeRuntime.create}. */
export interface CreateNativeRuntimeOptions extends NativeRuntimeOptions {
  /** Overrides of {@link DEFAULT_NATIVE_RUNTIME_CONFIG}. */
  readonly config?: Partial<NativeRuntimeConfig>;
  /** Tool providers the tool engine registers (validated); install them with `installNativeProvider`. */
  readonly providers?: Iterable<CapabilityProviderDescriptor>;
}

/** What {@link NativeRuntime.create} returns: the application's control handle and the runtime. */
export interface NativeRuntimeParts {
  readonly handle: Gate4AgentHandle;
  readonly runtime: NativeRuntime;
}
