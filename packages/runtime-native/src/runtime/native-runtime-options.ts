import type { Gate4AgentHandle } from '@gate4agent/handle';
import type { CapabilityProviderDescriptor } from '@gate4agent/tool-protocol';
import type { NativeRuntime } from './native-runtime.js';
import type { NativeRuntimeConfig } from './native-runtime-config.js';

/** Options of the {@link NativeRuntime} constructors beyond the config. */
export interface NativeRuntimeOptions {
  /** Monotonic clock in ms for grace windows and the shutdown deadline; `performance.now()` by default. */
  readonly now?: () => number;
  /**
   * Receives what a runtime listener (`onPublish`) threw. By default the exception is re-thrown in
   * a later macrotask, so it reaches `process.on('uncaughtException')` and is never swallowed.
   */
  readonly onListenerError?: (error: unknown) => void;
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
