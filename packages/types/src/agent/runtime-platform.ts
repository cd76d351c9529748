import Type, { type Static } from 'typebox';

/** The platforms an agent spec can exclude or a launch can target. */
export const RUNTIME_PLATFORMS = ['windows', 'mac-os', 'linux', 'wsl'] as const;

/** TypeBox schema of {@link RuntimePlatform}. */
export const RuntimePlatformSchema = Type.Enum(RUNTIME_PLATFORMS);

/** A runtime platform. `wsl` is never detected; callers choose it explicitly. */
export type RuntimePlatform = Static<typeof RuntimePlatformSchema>;

/** The platform of this process: `windows`, `mac-os`, or `linux` for anything else. */
export function currentRuntimePlatform(): RuntimePlatform {
  if (process.platform === 'win32') return 'windows';
  if (process.platform === 'darwin') return 'mac-os';
  return 'linux';
}
