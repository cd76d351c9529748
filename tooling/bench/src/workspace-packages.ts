// The published workspace packages and their main entries, read from packages/*/package.json.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root (tooling/bench/dist → ../../..). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The eight packages issue #14 names ("all eight" in one process). */
export const ISSUE_PACKAGES = [
  'types',
  'tool-protocol',
  'tool-engine',
  'kernel',
  'handle',
  'runtime-native',
  'agent-catalog',
  'capability-catalog',
] as const;

/** A published package: its folder name, npm name and the file URL of its built main entry. */
export interface WorkspacePackage {
  readonly folder: string;
  readonly name: string;
  readonly entryUrl: string;
}

/** Every package under packages/ that is not private and exports a built `.` entry. */
export function publishedPackages(root = REPO_ROOT): WorkspacePackage[] {
  const directory = join(root, 'packages');
  return readdirSync(directory, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(join(directory, entry.name, 'package.json')),
    )
    .map((entry) => {
      const folder = join(directory, entry.name);
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
      const main = manifest.exports?.['.'];
      const target = typeof main === 'string' ? main : main?.default;
      return { manifest, folder: entry.name, target, path: folder };
    })
    .filter(({ manifest, target }) => manifest.private !== true && typeof target === 'string')
    .map(({ manifest, folder, target, path }) => ({
      folder,
      name: manifest.name as string,
      entryUrl: pathToFileURL(join(path, target as string)).href,
    }))
    .sort((a, b) => a.folder.localeCompare(b.folder));
}
