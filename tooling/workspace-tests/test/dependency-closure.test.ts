import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspacePackages } from './workspace.mjs';

type Manifest = { dependencies?: Record<string, string> };

const published = workspacePackages('packages');

/** The folder of `dep` as Node finds it from `fromDir` (node_modules lookup, symlinks followed). */
function packageDir(fromDir: string, dep: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', dep);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir)
      throw new Error(`${dep} is not installed where ${fromDir} can load it`);
  }
}

/** Every package a published package loads at run time: its dependencies, transitively, by name. */
function runtimeClosure(name: string): Set<string> {
  const seen = new Set<string>();
  const start = published.find((p) => p.manifest.name === name);
  if (start === undefined) throw new Error(`no workspace package named ${name}`);
  const queue: { dir: string; manifest: Manifest }[] = [start];
  while (queue.length > 0) {
    const { dir, manifest } = queue.shift()!;
    for (const dep of Object.keys(manifest.dependencies ?? {})) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      const depDir = packageDir(dir, dep);
      queue.push({
        dir: depDir,
        manifest: JSON.parse(readFileSync(join(depDir, 'package.json'), 'utf8')),
      });
    }
  }
  return seen;
}

describe('dependency closures (ARCHITECTURE decision 15)', () => {
  it('runtime-native loads the agent catalog, not the session catalog or yaml', () => {
    const closure = runtimeClosure('@gate4agent/runtime-native');
    expect(closure.has('@gate4agent/agent-catalog')).toBe(true);
    expect(closure.has('@gate4agent/capability-catalog')).toBe(false);
    expect(closure.has('yaml')).toBe(false);
    // The walk does reach third-party packages: the session catalog's closure has typebox (yaml
    // is bundled into its build, tooling/scripts/bundle.mjs, so it is no run-time dependency).
    expect(runtimeClosure('@gate4agent/capability-catalog').has('typebox')).toBe(true);
    expect(runtimeClosure('@gate4agent/capability-catalog').has('yaml')).toBe(false);
  });

  it('the two catalogs never depend on each other', () => {
    expect(runtimeClosure('@gate4agent/agent-catalog').has('@gate4agent/capability-catalog')).toBe(
      false,
    );
    expect(runtimeClosure('@gate4agent/capability-catalog').has('@gate4agent/agent-catalog')).toBe(
      false,
    );
  });
});
