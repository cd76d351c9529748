import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Creates a fresh temporary directory and returns its real path (on macOS `os.tmpdir()` sits
 * behind the `/var → /private/var` symlink, which fixture path validation rejects).
 */
export function createFixtureRoot(prefix = 'gate4agent-fixture-'): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}
