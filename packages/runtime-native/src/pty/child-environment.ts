import type { EnvMutation } from '@gate4agent/capability-catalog';
import { platformMinimalChildEnvironment } from '../executor/minimal-child-environment.js';

/**
 * The environment of a PTY child: the platform's minimal allowlist taken from this process
 * (ARCHITECTURE decision 10), `TERM=xterm-256color`, then the launch plan's mutations in order
 * (set, or remove when the value is `null`). Nothing else of the host reaches the agent.
 */
export function ptyChildEnvironment(
  mutations: readonly EnvMutation[],
  inherited: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env = platformMinimalChildEnvironment({ inherited, set: { TERM: 'xterm-256color' } });
  for (const { key, value } of mutations) {
    if (value === null) delete env[key];
    else env[key] = value;
  }
  return env;
}
