// Where the test tools keep what they install outside the repository (Node 22/24, the downstream
// projects, the release rehearsal's results). One variable moves it all, for a cold-run rehearsal
// or a machine whose home is small; tooling/scripts/install/*.mjs and tooling/real-agents read the
// same variable.
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The variable that moves the cache root; turbo passes every `GATE4AGENT_*` variable to tasks. */
export const CACHE_DIR_VARIABLE = 'GATE4AGENT_CACHE_DIR';

/** `$GATE4AGENT_CACHE_DIR` when set and not empty, else `~/.cache/gate4agent`. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  const override = env[CACHE_DIR_VARIABLE];
  if (override !== undefined && override !== '') return override;
  return join(homedir(), '.cache', 'gate4agent');
}
