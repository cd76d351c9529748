// Runs `changeset version` in a scratch clone of the repository (never in the checkout itself) to
// show what one changeset to @gate4agent/types republishes.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { root, workspacePackages } from './workspace.mjs';

const changeset = join(root, 'node_modules', '.bin', 'changeset');
const scratches: string[] = [];

afterEach(() => {
  for (const dir of scratches.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The published packages' versions after `changeset version` with only `bump` for types. */
function versionsAfter(bump: 'patch' | 'minor'): Map<string, string> {
  const scratch = mkdtempSync(join(tmpdir(), 'gate4agent-changeset-'));
  scratches.push(scratch);
  const clone = join(scratch, 'repo');
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone], { stdio: 'ignore' });
  // The clone has the committed tree; the manifests and config under test are the checkout's.
  copyFileSync(join(root, '.changeset', 'config.json'), join(clone, '.changeset', 'config.json'));
  for (const { dir } of workspacePackages('packages')) {
    copyFileSync(join(dir, 'package.json'), join(clone, relative(root, dir), 'package.json'));
  }
  const changesets = join(clone, '.changeset');
  for (const file of readdirSync(changesets)) {
    if (file.endsWith('.md') && file !== 'README.md') rmSync(join(changesets, file));
  }
  writeFileSync(
    join(changesets, 'types-only.md'),
    `---\n"@gate4agent/types": ${bump}\n---\n\nA ${bump} to types alone.\n`,
  );
  execFileSync(changeset, ['version'], { cwd: clone, stdio: 'ignore' });
  return new Map(
    workspacePackages('packages').map(({ dir, manifest }) => {
      const after = JSON.parse(
        readFileSync(
          join(clone, 'packages', dir.split(/[\\/]/).pop() as string, 'package.json'),
          'utf8',
        ),
      );
      return [manifest.name as string, `${manifest.version}->${after.version}`];
    }),
  );
}

/** The published packages whose version changed. */
function bumped(versions: Map<string, string>): string[] {
  return [...versions]
    .filter(([, change]) => {
      const [before, after] = change.split('->');
      return before !== after;
    })
    .map(([name]) => name)
    .sort();
}

describe('changeset version', () => {
  it('bumps only types for a patch to types: every caret range still admits it', () => {
    const versions = versionsAfter('patch');
    expect(bumped(versions)).toEqual(['@gate4agent/types']);
  }, 120_000);

  it('also bumps the packages whose range a 0.x minor of types leaves', () => {
    const versions = versionsAfter('minor');
    const dependents = workspacePackages('packages')
      .filter(({ manifest }) => manifest.dependencies?.['@gate4agent/types'] !== undefined)
      .map(({ manifest }) => manifest.name as string);
    expect(dependents.length).toBeGreaterThan(0);
    for (const name of dependents) expect(bumped(versions), name).toContain(name);
  }, 120_000);
});
