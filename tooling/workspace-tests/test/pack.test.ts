import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspacePackages } from './workspace.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('published tarballs', () => {
  for (const { dir, manifest } of workspacePackages('packages')) {
    it(`${manifest.name} ships its build, sources, README, CHANGELOG and LICENSE, and no tests`, () => {
      const [report] = JSON.parse(
        execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
          cwd: dir,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }),
      );
      const files: string[] = report.files.map((file: { path: string }) => file.path);
      expect(files).toContain('README.md');
      expect(files).toContain('CHANGELOG.md');
      expect(files).toContain('LICENSE');
      expect(files).toContain('package.json');
      expect(files).toContain('dist/index.js');
      expect(files).toContain('dist/index.d.ts');
      // tooling/scripts/bundle.mjs: every built module sits directly in dist/ (entries and shared
      // chunks), and tsc writes declarations only. Not modules of the package: a program (an npm
      // bin, bundled alone to the path that mirrors src/) and a web page's assets.
      const notModules = ['dist/assets/', ...(manifest.bin === undefined ? [] : ['dist/bin/'])];
      const nested = files.filter(
        (file) =>
          /^dist\/.+\/.+\.js$/.test(file) && !notModules.some((prefix) => file.startsWith(prefix)),
      );
      expect(nested).toEqual([]);
      for (const target of Object.values(manifest.exports as Record<string, unknown>)) {
        const built = typeof target === 'object' ? (target as { default: string }).default : null;
        if (built !== null) expect(files).toContain(built.replace(/^\.\//, ''));
      }
      expect(files).toContain('src/index.ts');
      expect(files.filter((file) => /^(test|bench)\//.test(file))).toEqual([]);
      expect(files.filter((file) => /\.test\.|test-results|\.tsbuildinfo$/.test(file))).toEqual([]);
    });

    it(`${manifest.name} ships every file its source maps point at, or embeds its text`, () => {
      const [report] = JSON.parse(
        execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
          cwd: dir,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }),
      );
      const files = new Set<string>(report.files.map((file: { path: string }) => file.path));
      const maps = [...files].filter((file) => file.endsWith('.map'));
      expect(maps).toContain('dist/index.js.map');
      expect(maps).toContain('dist/index.d.ts.map');
      const unresolved: string[] = [];
      for (const map of maps) {
        const { sources, sourcesContent } = JSON.parse(readFileSync(join(dir, map), 'utf8')) as {
          sources: string[];
          sourcesContent?: (string | null)[];
        };
        for (const [index, source] of sources.entries()) {
          const target = posix.normalize(posix.join(dirname(map), source));
          // Inlined dependency code (TypeBox, tooling/scripts/bundle.mjs) carries its own text.
          const embedded = typeof sourcesContent?.[index] === 'string';
          if (!files.has(target) && !(embedded && target.startsWith('node_modules/'))) {
            unresolved.push(`${map} -> ${source}`);
          }
        }
      }
      expect(unresolved).toEqual([]);
    });
  }
});
