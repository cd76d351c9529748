// The release rehearsal: in a scratch clone (never the checkout), `changeset version` applies the
// pending changesets, then `pnpm publish -r --dry-run` must succeed and each tarball it would
// publish must hold the build, sources, README, CHANGELOG and LICENSE and no tests.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv } from '../src/downstream-project.js';
import { type DryRunPackage, dryRunPackages } from '../src/publish-report.js';
import { scratchClone } from '../src/scratch-clone.js';
import { pinnedPnpm, publishedPackages, root } from '../src/workspace.js';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const published = publishedPackages();
let scratch = '';
let clone = '';
let publish: { status: number | null; stdout: string; stderr: string };
let packages = new Map<string, DryRunPackage>();
let checkoutBefore = '';

const checkoutStatus = (): string =>
  execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: root,
    encoding: 'utf8',
  });

beforeAll(() => {
  checkoutBefore = checkoutStatus();
  scratch = mkdtempSync(join(tmpdir(), 'gate4agent-release-'));
  clone = scratchClone(scratch);
  execFileSync(join(root, 'node_modules', '.bin', 'changeset'), ['version'], {
    cwd: clone,
    env: cleanEnv(),
    stdio: 'ignore',
  });
  const result = spawnSync(
    npx,
    ['--yes', pinnedPnpm(), 'publish', '-r', '--dry-run', '--no-git-checks', '--ignore-scripts'],
    { cwd: clone, env: cleanEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  publish = { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
  packages = dryRunPackages(publish.stdout, publish.stderr);
}, 600_000);

afterAll(() => {
  if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
});

describe('release dry run in a scratch clone', () => {
  it('changeset version consumes every pending changeset', () => {
    const left = readdirSync(join(clone, '.changeset')).filter(
      (file) => file.endsWith('.md') && file !== 'README.md',
    );
    expect(left).toEqual([]);
  });

  it('pnpm publish -r --dry-run succeeds and would publish every package at its new version', () => {
    expect(publish.status, publish.stderr.slice(-4_000)).toBe(0);
    const versions = published.map(({ dir, manifest }) => {
      const bumped = JSON.parse(
        readFileSync(join(clone, relative(root, dir), 'package.json'), 'utf8'),
      ) as {
        version: string;
      };
      return [manifest.name, bumped.version];
    });
    expect([...packages].map(([name, entry]) => [name, entry.version]).sort()).toEqual(
      versions.sort(),
    );
  });

  for (const { manifest } of published) {
    it(`${manifest.name}'s tarball holds its build, sources, README, CHANGELOG and LICENSE, and no tests`, () => {
      const files = packages.get(manifest.name)?.files ?? [];
      for (const required of [
        'package.json',
        'README.md',
        'CHANGELOG.md',
        'LICENSE',
        'dist/index.js',
        'dist/index.d.ts',
        'src/index.ts',
      ]) {
        expect(files, required).toContain(required);
      }
      expect(
        files.filter((file) =>
          /^(test|bench|node_modules)\/|\.test\.|test-results|\.tsbuildinfo$/.test(file),
        ),
      ).toEqual([]);
    });
  }

  it('left the checkout untouched', () => {
    expect(checkoutStatus()).toBe(checkoutBefore);
  });
});
