// A scratch copy of the repository for release rehearsals: a clone of the committed tree with the
// checkout's packages (built dist/, uncommitted edits) and pending changesets laid over it, and the
// workspace links pnpm reads versions through. The real checkout is never written to.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { publishedPackages, root } from './workspace.js';

/** What is not laid over the clone from a package folder: installs, turbo's state, test reports. */
export const OVERLAY_SKIP = /[\\/](node_modules|test-results\.json|\.turbo)$/;

/** Clones the repository into `scratch/repo` and lays the checkout's working state over it. */
export function scratchClone(scratch: string): string {
  const clone = join(scratch, 'repo');
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone], { stdio: 'ignore' });
  rmSync(join(clone, '.changeset'), { recursive: true, force: true });
  cpSync(join(root, '.changeset'), join(clone, '.changeset'), { recursive: true });
  for (const { dir } of publishedPackages()) {
    const target = join(clone, relative(root, dir));
    rmSync(target, { recursive: true, force: true });
    cpSync(dir, target, {
      recursive: true,
      filter: (source) => !OVERLAY_SKIP.test(source),
    });
  }
  linkWorkspaceDependencies(clone);
  return clone;
}

/**
 * Links each published package's workspace dependencies (dev ones included) into its
 * node_modules, as `pnpm install` would, so `pnpm publish` can read the versions `workspace:`
 * ranges stand for without a full install.
 */
function linkWorkspaceDependencies(clone: string): void {
  const dirs = new Map<string, string>();
  for (const group of ['packages', 'tooling', 'apps']) {
    if (!existsSync(join(clone, group))) continue;
    for (const entry of readdirSync(join(clone, group))) {
      const manifest = join(clone, group, entry, 'package.json');
      if (!existsSync(manifest)) continue;
      dirs.set(
        (JSON.parse(readFileSync(manifest, 'utf8')) as { name: string }).name,
        join(clone, group, entry),
      );
    }
  }
  for (const { dir } of publishedPackages()) {
    const packageDir = join(clone, relative(root, dir));
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    for (const field of [
      'dependencies',
      'devDependencies',
      'peerDependencies',
      'optionalDependencies',
    ]) {
      for (const [name, range] of Object.entries(manifest[field] ?? {})) {
        const target = dirs.get(name);
        if (!range.startsWith('workspace:') || target === undefined) continue;
        const link = join(packageDir, 'node_modules', name);
        if (existsSync(link)) continue;
        mkdirSync(dirname(link), { recursive: true });
        symlinkSync(relative(dirname(link), target), link);
      }
    }
  }
}
