import { createRequire } from 'node:module';
import { Gate4AgentError } from '@gate4agent/types';
import type * as NodePty from 'node-pty';

// node-pty is CommonJS with a native addon, and `tick()` is synchronous (ARCHITECTURE decision
// 9), so it is required synchronously, on first use, never at import (decision 16).
const require = createRequire(import.meta.url);

/** The `node-pty` module. */
export type NodePtyModule = typeof NodePty;

/** The build instructions every `pty-addon-unavailable` message ends with. */
export const PTY_ADDON_BUILD_HINT =
  'node-pty compiles a native addon at install time and needs python3, make and g++. ' +
  'With pnpm, list node-pty under onlyBuiltDependencies in pnpm-workspace.yaml (or run ' +
  '`pnpm approve-builds`), then run `pnpm rebuild node-pty`; with npm, run `npm rebuild node-pty`. ' +
  'Code that only supervises providers can import @gate4agent/runtime-native/supervisor, ' +
  'which never loads node-pty.';

let loaded: NodePtyModule | null = null;

/**
 * Loads node-pty now and returns it. The runtime calls this when it first needs a PTY; call it at
 * startup to fail early. Throws a `Gate4AgentError` of kind `pty-addon-unavailable`, with the
 * loader's error as `cause`, when node-pty or its native addon cannot be loaded.
 */
export function loadPtyAddon(): NodePtyModule {
  if (loaded !== null) return loaded;
  try {
    loaded = require('node-pty') as NodePtyModule;
    return loaded;
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
    throw new Gate4AgentError(
      'pty-addon-unavailable',
      `node-pty could not be loaded, so no agent can run in a PTY (${reason}). ${PTY_ADDON_BUILD_HINT}`,
      { cause },
    );
  }
}
