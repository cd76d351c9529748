// The workspace as the downstream tests see it: its published packages (found under packages/*
// each run, so a new package is tested once it lands), their READMEs and the pinned tool versions.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository root. */
export const root = join(import.meta.dirname, '..', '..', '..');

/** A package manifest, as far as these tests read it. */
export interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly exports?: Readonly<Record<string, unknown>>;
  readonly packageManager?: string;
}

/** One published workspace package. */
export interface PublishedPackage {
  readonly dir: string;
  readonly manifest: Manifest;
}

function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

/** Every non-private package under packages/*, sorted by name. */
export function publishedPackages(): PublishedPackage[] {
  const group = join(root, 'packages');
  return readdirSync(group, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(group, entry.name, 'package.json')))
    .map((entry) => ({
      dir: join(group, entry.name),
      manifest: readManifest(join(group, entry.name)),
    }))
    .filter(({ manifest }) => manifest.private !== true)
    .sort((a, b) => a.manifest.name.localeCompare(b.manifest.name));
}

/** One README the docs tests check: the root one and each published package's. */
export interface Readme {
  /** A short id: `root` or the package folder name. */
  readonly id: string;
  /** The path relative to the repository root. */
  readonly path: string;
  readonly markdown: string;
}

/** The root README and every published package's README. */
export function readmes(): Readme[] {
  const found: Readme[] = [
    { id: 'root', path: 'README.md', markdown: readFileSync(join(root, 'README.md'), 'utf8') },
  ];
  for (const { dir } of publishedPackages()) {
    const file = join(dir, 'README.md');
    if (!existsSync(file)) continue;
    const folder = dir.split(/[\\/]/).pop() as string;
    found.push({
      id: folder,
      path: `packages/${folder}/README.md`,
      markdown: readFileSync(file, 'utf8'),
    });
  }
  return found;
}

/** The root manifest. */
export function rootManifest(): Manifest {
  return readManifest(root);
}

/** The pnpm the workspace pins (`packageManager`, such as `pnpm@10.34.9`). */
export function pinnedPnpm(): string {
  return rootManifest().packageManager ?? 'pnpm@10';
}

/**
 * The exact version the workspace pins for a third-party package (root devDependencies first, then
 * any workspace manifest), so a downstream project installs what the workspace tests with.
 */
export function pinnedVersion(name: string): string | null {
  const manifests = [rootManifest()];
  for (const group of ['tooling', 'packages', 'apps']) {
    const dir = join(root, group);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir)) {
      if (existsSync(join(dir, entry, 'package.json')))
        manifests.push(readManifest(join(dir, entry)));
    }
  }
  for (const manifest of manifests) {
    for (const deps of [manifest.devDependencies, manifest.dependencies]) {
      const range = deps?.[name];
      if (range !== undefined && /^\d+\.\d+\.\d+/.test(range)) return range;
    }
  }
  return null;
}

/** The names of the published packages that need node-pty, directly or through another one. */
export function packagesNeedingNodePty(packages: readonly PublishedPackage[]): Set<string> {
  const byName = new Map(packages.map((entry) => [entry.manifest.name, entry.manifest]));
  const needs = new Set<string>();
  const visit = (name: string, seen: Set<string>): boolean => {
    if (needs.has(name)) return true;
    const manifest = byName.get(name);
    if (manifest === undefined || seen.has(name)) return false;
    seen.add(name);
    const deps = Object.keys(manifest.dependencies ?? {});
    const result = deps.includes('node-pty') || deps.some((dep) => visit(dep, seen));
    if (result) needs.add(name);
    return result;
  };
  for (const name of byName.keys()) visit(name, new Set());
  return needs;
}
