import type { RuntimePlatform } from '@gate4agent/types';

/**
 * The platform of this process: `windows`, `mac-os`, or `linux` for anything else (`wsl` is never
 * detected; choose it explicitly). Pass it as `platform` to `planLaunch` of
 * `@gate4agent/agent-catalog`, which is pure and cannot read the host itself.
 */
export function currentRuntimePlatform(): RuntimePlatform {
  if (process.platform === 'win32') return 'windows';
  if (process.platform === 'darwin') return 'mac-os';
  return 'linux';
}
