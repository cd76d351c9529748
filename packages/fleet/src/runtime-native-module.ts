// @gate4agent/runtime-native's helpers the fleet calls (a session wait, a host-exit kill), loaded
// when first needed rather than when the package is imported, by an async entry point that hands
// what it loaded to what needs it: `import('@gate4agent/fleet')`
// stays cheap (issue #14, row import-fleet).
import type * as RuntimeNative from '@gate4agent/runtime-native';

let loaded: typeof RuntimeNative | undefined;

/** @internal Loads `@gate4agent/runtime-native` (once) and returns it. */
export async function loadRuntimeNative(): Promise<typeof RuntimeNative> {
  loaded ??= await import('@gate4agent/runtime-native');
  return loaded;
}

/**
 * @internal runtime-native's `registerHostExitKill`, handed by an async entry point that loaded it
 * (`FleetProviderServer.start`) to what needs it: nothing reads the module synchronously, so
 * nothing can use it before it is loaded.
 */
export type RegisterHostExitKill = typeof RuntimeNative.registerHostExitKill;
