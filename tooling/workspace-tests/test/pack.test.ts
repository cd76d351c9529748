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
      expect(files).toContain('src/index.ts');
      expect(files.filter((file) => /^(test|bench)\//.test(file))).toEqual([]);
      expect(files.filter((file) => /\.test\.|test-results|\.tsbuildinfo$/.test(file))).toEqual([]);
    });

    it(`${manifest.name} ships every file its source maps point at`, () => {
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
        const { sources } = JSON.parse(readFileSync(join(dir, map), 'utf8')) as {
          sources: string[];
        };
        for (const source of sources) {
          const target = posix.normalize(posix.join(dirname(map), source));
          if (!files.has(target)) unresolved.push(`${map} -> ${source}`);
        }
      }
      expect(unresolved).toEqual([]);
    });
  }
});
