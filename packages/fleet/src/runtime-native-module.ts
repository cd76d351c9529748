// @gate4agent/runtime-native's helpers the fleet calls (a session wait, a host-exit kill), loaded
// when first needed rather than when the package is imported: `import('@gate4agent/fleet')`
// stays cheap (issue #14, row import-fleet).
import type * as RuntimeNative from '@gate4agent/runtime-native';

let loaded: typeof RuntimeNative | undefined;

/** @internal Loads `@gate4agent/runtime-native` (once) and returns it. */
export async function loadRuntimeNative(): Promise<typeof RuntimeNative> {
  loaded ??= await import('@gate4agent/runtime-native');
  return loaded;
}

/**
 * @internal The module {@link loadRuntimeNative} loaded. Throws when it was not loaded yet: a
 * caller's async entry point (`FleetProviderServer.start`) loads it first.
 */
export function runtimeNative(): typeof RuntimeNative {
  if (loaded === undefined) {
    throw new Error(
      'internal: @gate4agent/runtime-native was used before loadRuntimeNative() loaded it; report this bug',
    );
  }
  return loaded;
}
