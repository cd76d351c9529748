import Type, { type Static } from 'typebox';

/** The platforms an agent spec can exclude or a launch can target. */
export const RUNTIME_PLATFORMS = ['windows', 'mac-os', 'linux', 'wsl'] as const;

/** TypeBox schema of {@link RuntimePlatform}. */
export const RuntimePlatformSchema = Type.Enum(RUNTIME_PLATFORMS);

/** A runtime platform. `wsl` is never detected; callers choose it explicitly. */
export type RuntimePlatform = Static<typeof RuntimePlatformSchema>;
