import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, workspacePackages } from './workspace.mjs';

const published = workspacePackages('packages');
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

describe('published package manifests', () => {
  it('lists every published package', () => {
    expect(published.map((p) => p.manifest.name).sort()).toEqual([
      '@gate4agent/agent-catalog',
      '@gate4agent/capability-catalog',
      '@gate4agent/handle',
      '@gate4agent/kernel',
      '@gate4agent/process',
      '@gate4agent/runtime-native',
      '@gate4agent/testkit',
      '@gate4agent/tool-engine',
      '@gate4agent/tool-protocol',
      '@gate4agent/types',
    ]);
  });

  for (const { dir, manifest } of published) {
    it(`${manifest.name} has the shape every package shares`, () => {
      expect(manifest.type).toBe('module');
      expect(manifest.sideEffects).toBe(false);
      expect(manifest.license).toBe('MIT');
      expect(manifest.engines).toEqual({ node: '>=20' });
      expect(manifest.publishConfig).toEqual({ access: 'public' });
      expect(manifest.files).toContain('dist');
      expect(manifest.exports['.']).toEqual({
        types: './dist/index.d.ts',
        default: './dist/index.js',
      });
      expect(manifest.exports['./package.json']).toBe('./package.json');
      expect(typeof manifest.description).toBe('string');
      expect(existsSync(join(dir, 'README.md'))).toBe(true);
      for (const [name, range] of Object.entries({
        ...manifest.dependencies,
        ...manifest.devDependencies,
      })) {
        if (name.startsWith('@gate4agent/')) expect(range, name).toBe('workspace:*');
      }
    });
  }

  it('lists node-pty among the dependencies pnpm may build', () => {
    const workspace = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
    expect(workspace).toMatch(/onlyBuiltDependencies:[\s\S]*- node-pty/);
    expect(rootManifest.packageManager).toMatch(/^pnpm@10\./);
  });
});

describe('package graph', () => {
  it('is acyclic, devDependencies included', () => {
    const all = [...published, ...workspacePackages('apps'), ...workspacePackages('tooling')];
    const edges = new Map(
      all.map(({ manifest }) => [
        manifest.name as string,
        Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) =>
          name.startsWith('@gate4agent/'),
        ),
      ]),
    );
    const state = new Map<string, 'visiting' | 'done'>();
    const cycle: string[] = [];
    const visit = (name: string, path: string[]): boolean => {
      if (state.get(name) === 'done') return false;
      if (state.get(name) === 'visiting') {
        cycle.push(...path, name);
        return true;
      }
      state.set(name, 'visiting');
      for (const next of edges.get(name) ?? []) if (visit(next, [...path, name])) return true;
      state.set(name, 'done');
      return false;
    };
    for (const name of edges.keys()) visit(name, []);
    expect(cycle).toEqual([]);
  });
});
