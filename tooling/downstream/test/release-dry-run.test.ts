// The release rehearsal (src/release-rehearsal.ts): in a scratch clone (never the checkout),
// `changeset version` applies the pending changesets, then `pnpm publish -r --dry-run` must succeed
// and each tarball it would publish must hold the build, sources, README, CHANGELOG and LICENSE
// and no tests. A rehearsal over the same inputs (content-hashed) is reused from the cache root.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DryRunPackage, dryRunPackages } from '../src/publish-report.js';
import { type Rehearsal, releaseRehearsal } from '../src/release-rehearsal.js';
import { publishedPackages, root } from '../src/workspace.js';

const published = publishedPackages();
let rehearsal: Rehearsal;
let packages = new Map<string, DryRunPackage>();
let checkoutBefore = '';

const checkoutStatus = (): string =>
  execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: root,
    encoding: 'utf8',
  });

beforeAll(() => {
  checkoutBefore = checkoutStatus();
  rehearsal = releaseRehearsal();
  packages = dryRunPackages(rehearsal.result.stdout, rehearsal.result.stderr);
}, 900_000);

describe(`release dry run in a scratch clone`, () => {
  it('changeset version consumes every pending changeset', () => {
    expect(rehearsal.result.leftChangesets).toEqual([]);
  });

  it('pnpm publish -r --dry-run succeeds and would publish every package at its new version', () => {
    const { status, stderr, versions } = rehearsal.result;
    expect(status, stderr.slice(-4_000)).toBe(0);
    expect(Object.keys(versions).sort()).toEqual(published.map(({ manifest }) => manifest.name));
    expect([...packages].map(([name, entry]) => [name, entry.version]).sort()).toEqual(
      Object.entries(versions).sort(),
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
