import type { EnvMutation } from '@gate4agent/agent-catalog';
import { minimalChildEnvironment } from '@gate4agent/types';

/**
 * The environment of a PTY child: the platform's minimal allowlist taken from `inherited` (this
 * process's environment by default; ARCHITECTURE decision 10), `TERM=xterm-256color`, then the
 * launch plan's mutations in order (set, or remove when the value is `null`). Nothing else of
 * the host reaches the agent; a variable the plan names explicitly always does.
 */
export function ptyChildEnvironment(
  mutations: readonly EnvMutation[],
  inherited: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const env = minimalChildEnvironment({
    inherited,
    platform,
    set: { TERM: 'xterm-256color' },
  });
  for (const { key, value } of mutations) {
    if (value === null) delete env[key];
    else env[key] = value;
  }
  return env;
}
