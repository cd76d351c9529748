import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, workspacePackages } from './workspace.mjs';

const published = workspacePackages('packages');
const publishedNames = published.map((p) => p.manifest.name as string);
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const rootLicense = readFileSync(join(root, 'LICENSE'), 'utf8');
/** ARCHITECTURE decision 1: the Node lines where `require()` of an ES module works. */
const nodeRange = '^20.19.0 || >=22.12.0';

/** Whether any built declaration of `dist` names a Node built-in, `NodeJS.` or `Buffer`. */
function declarationsUseNode(dist: string): boolean {
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.d.ts'))
    .some((file) =>
      /from ['"]node:|import\(['"]node:|\bNodeJS\.|\bBuffer\b|types="node"/.test(
        readFileSync(join(dist, file), 'utf8'),
      ),
    );
}

describe('published package manifests', () => {
  it('lists every published package', () => {
    expect(published.map((p) => p.manifest.name).sort()).toEqual([
      '@gate4agent/agent-catalog',
      '@gate4agent/capability-catalog',
      '@gate4agent/fleet',
      '@gate4agent/handle',
      '@gate4agent/kernel',
      '@gate4agent/mcp',
      '@gate4agent/process',
      '@gate4agent/runtime-native',
      '@gate4agent/testkit',
      '@gate4agent/tool-engine',
      '@gate4agent/tool-protocol',
      '@gate4agent/types',
      '@gate4agent/web',
    ]);
  });

  for (const { dir, manifest } of published) {
    it(`${manifest.name} has the shape every package shares`, () => {
      expect(manifest.type).toBe('module');
      expect(manifest.sideEffects).toBe(false);
      expect(manifest.license).toBe('MIT');
      expect(manifest.engines).toEqual({ node: nodeRange });
      expect(manifest.publishConfig).toEqual({ access: 'public' });
      expect(manifest.files).toEqual(
        expect.arrayContaining(['dist', 'src', 'README.md', 'CHANGELOG.md', 'LICENSE']),
      );
      expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toBe(rootLicense);
      expect(existsSync(join(dir, 'CHANGELOG.md'))).toBe(true);
      expect(manifest.private).toBeUndefined();
      expect(manifest.homepage).toBe(
        `https://github.com/gate4agent/gate4agent-ts/tree/main/packages/${basename(dir)}#readme`,
      );
      expect(manifest.bugs).toEqual({ url: 'https://github.com/gate4agent/gate4agent-ts/issues' });
      expect(manifest.keywords).toContain('gate4agent');
      expect(manifest.scripts.prepack).toBe(
        `turbo run build --filter=${manifest.name} --output-logs=errors-only`,
      );
      expect(manifest.exports['.']).toEqual({
        types: './dist/index.d.ts',
        default: './dist/index.js',
      });
      expect(manifest.exports['./package.json']).toBe('./package.json');
      // CONTRIBUTING.md "Build": tsc writes the declarations, tooling/scripts/bundle.mjs one ES
      // module per entry point directly in dist/, from the source the declarations name.
      expect(manifest.scripts.build).toMatch(
        /tsc -p tsconfig\.build\.json && node \.\.\/\.\.\/tooling\/scripts\/bundle\.mjs\b/,
      );
      const buildConfig = JSON.parse(readFileSync(join(dir, 'tsconfig.build.json'), 'utf8'));
      expect(buildConfig.compilerOptions.emitDeclarationOnly).toBe(true);
      for (const [key, target] of Object.entries(manifest.exports)) {
        if (typeof target === 'string') continue;
        const { types, default: built } = target as { types: string; default: string };
        expect(built, `${key} default`).toMatch(/^\.\/dist\/[\w-]+\.js$/);
        expect(types, `${key} types`).toMatch(/^\.\/dist\/.+\.d\.ts$/);
        expect(
          existsSync(join(dir, types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts'))),
        ).toBe(true);
      }
      expect(typeof manifest.description).toBe('string');
      expect(existsSync(join(dir, 'README.md'))).toBe(true);
      for (const [name, range] of Object.entries({
        ...manifest.dependencies,
        ...manifest.peerDependencies,
        ...manifest.optionalDependencies,
      })) {
        if (name.startsWith('@gate4agent/')) {
          expect(range, name).toBe('workspace:^');
          expect(publishedNames, `${name} is published`).toContain(name);
        } else if (name !== '@types/node') expect(range, name).toMatch(/^\^\d+\.\d+\.\d+$/);
      }
    });
  }

  it('declares @types/node an optional peer exactly where the declarations use Node types', () => {
    for (const { dir, manifest } of published) {
      const usesNode = declarationsUseNode(join(dir, 'dist'));
      const peer = manifest.peerDependencies?.['@types/node'];
      expect(peer !== undefined, `${manifest.name} @types/node peer`).toBe(usesNode);
      if (usesNode) {
        expect(manifest.peerDependenciesMeta?.['@types/node']).toEqual({ optional: true });
      }
    }
  });

  it('asks for the same Node lines at the root', () => {
    expect(rootManifest.engines).toEqual({ node: nodeRange });
  });

  it('exports the JSON Schemas of every package that writes them', () => {
    for (const { dir, manifest } of published) {
      const writesSchemas = existsSync(join(dir, 'scripts', 'write-json-schemas.mjs'));
      expect(manifest.exports['./schemas/*.json'], manifest.name).toBe(
        writesSchemas ? './dist/schemas/*.json' : undefined,
      );
      if (!writesSchemas) continue;
      const schemaDir = join(dir, 'dist', 'schemas');
      const drafts = new Set(
        readdirSync(schemaDir).map(
          (file) => JSON.parse(readFileSync(join(schemaDir, file), 'utf8')).$schema,
        ),
      );
      expect([...drafts], manifest.name).toEqual(['https://json-schema.org/draft/2020-12/schema']);
    }
  });

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
