import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { workspacePackages } from './workspace.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('published tarballs', () => {
  for (const { dir, manifest } of workspacePackages('packages')) {
    it(`${manifest.name} ships its build and README, and no tests or sources`, () => {
      const [report] = JSON.parse(
        execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
          cwd: dir,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }),
      );
      const files: string[] = report.files.map((file: { path: string }) => file.path);
      expect(files).toContain('README.md');
      expect(files).toContain('package.json');
      expect(files).toContain('dist/index.js');
      expect(files).toContain('dist/index.d.ts');
      expect(files.filter((file) => /^(src|test|bench)\//.test(file))).toEqual([]);
      expect(files.filter((file) => /\.test\.|test-results/.test(file))).toEqual([]);
    });
  }
});
