import { createHash } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** A fresh HOME and a scratch working directory for one agent session. */
export interface AgentSandbox {
  readonly root: string;
  readonly home: string;
  readonly cwd: string;
}

/** The folder under which every sandbox of this test run is created. */
export function createRunRoot(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), 'gate4agent-real-agents-')));
}

/** Creates `<runRoot>/<name>/{home,cwd}`. */
export function createAgentSandbox(runRoot: string, name: string): AgentSandbox {
  const root = join(runRoot, name);
  const home = join(root, 'home');
  const cwd = join(root, 'cwd');
  mkdirSync(home, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  return { root, home, cwd };
}

/** The SHA-256 of one file's bytes, as `file:<hex>`. */
export function hashFile(path: string): string {
  return `file:${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
}

/**
 * Every entry under `directory` with a digest of what it is: file contents (SHA-256), link
 * targets, directories. Two equal results mean nothing was created, removed or changed.
 */
export function hashTree(directory: string): Record<string, string> {
  const digests: Record<string, string> = {};
  const walk = (path: string) => {
    const stat = lstatSync(path);
    const key = relative(directory, path) || '.';
    if (stat.isSymbolicLink()) digests[key] = `link:${readlinkSync(path)}`;
    else if (stat.isDirectory()) {
      digests[key] = 'dir';
      for (const name of readdirSync(path).sort()) walk(join(path, name));
    } else if (stat.isFile()) {
      digests[key] = hashFile(path);
    } else digests[key] = 'other';
  };
  walk(directory);
  return digests;
}
