// The release rehearsal: in a scratch clone (never the checkout), `changeset version` applies the
// pending changesets, then `pnpm publish -r --dry-run` runs. Its result is derived only from the
// clone's content and the tool versions, so it is kept under the cache root keyed by a hash of
// exactly those inputs: a run over unchanged inputs reuses it instead of paying for one npm
// process per package again. Any change to a published package (its build included), a pending
// changeset, the committed tree or a tool version makes a new key and a fresh rehearsal.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { cacheRoot } from './cache-root.js';
import { cleanEnv } from './downstream-project.js';
import { OVERLAY_SKIP, scratchClone } from './scratch-clone.js';
import { pinnedPnpm, publishedPackages, root } from './workspace.js';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** What one rehearsal produced. */
export interface RehearsalResult {
  /** The exit status of `pnpm publish -r --dry-run`. */
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Each published package's version after `changeset version`, by name. */
  readonly versions: Readonly<Record<string, string>>;
  /** The changeset files `changeset version` left in `.changeset/` (none when all applied). */
  readonly leftChangesets: readonly string[];
}

/** A rehearsal result and whether it came from the cache. */
export interface Rehearsal {
  readonly result: RehearsalResult;
  readonly cached: boolean;
  /** The key of its inputs (a sha256, hex). */
  readonly key: string;
}

function filesUnder(dir: string, skip: RegExp): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (skip.test(path)) continue;
    if (entry.isDirectory()) found.push(...filesUnder(path, skip));
    else if (entry.isFile()) found.push(path);
  }
  return found.sort();
}

function version(command: string, args: readonly string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', env: cleanEnv() }).trim();
}

/**
 * A sha256 (hex) of `labels` and of every file under `dirs` (its path relative to `base` and its
 * content; paths matching `skip` left out): the key of what was derived from them.
 */
export function contentKey(
  base: string,
  dirs: readonly string[],
  labels: readonly string[],
  skip: RegExp = OVERLAY_SKIP,
): string {
  const hash = createHash('sha256');
  const add = (label: string, value: string | Buffer) => {
    hash.update(`${label}\0`);
    hash.update(value);
    hash.update('\0');
  };
  for (const label of labels) add('label', label);
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const file of filesUnder(dir, skip)) add(relative(base, file), readFileSync(file));
  }
  return hash.digest('hex');
}

/** The modules that decide how a rehearsal runs: a change to them is a change of its inputs. */
const REHEARSAL_CODE = ['release-rehearsal.ts', 'scratch-clone.ts', 'downstream-project.ts'];

/**
 * The key of a rehearsal's inputs: the committed tree the clone starts from, every file the
 * checkout lays over it (each published package folder and `.changeset/`), the code that runs it,
 * and the versions of node, npm and pnpm.
 */
export function rehearsalKey(): string {
  return contentKey(
    root,
    [join(root, '.changeset'), ...publishedPackages().map(({ dir }) => dir)],
    [
      `tree ${version('git', ['-C', root, 'rev-parse', 'HEAD^{tree}'])}`,
      `node ${process.version}`,
      `npm ${version(npm, ['--version'])}`,
      `pnpm ${pinnedPnpm()}`,
      ...REHEARSAL_CODE.map(
        (file) =>
          `code ${file} ${createHash('sha256')
            .update(readFileSync(join(import.meta.dirname, file)))
            .digest('hex')}`,
      ),
    ],
  );
}

function rehearse(): RehearsalResult {
  const scratch = mkdtempSync(join(tmpdir(), 'gate4agent-release-'));
  try {
    const clone = scratchClone(scratch);
    execFileSync(join(root, 'node_modules', '.bin', 'changeset'), ['version'], {
      cwd: clone,
      env: cleanEnv(),
      stdio: 'ignore',
    });
    const publish = spawnSync(
      npx,
      ['--yes', pinnedPnpm(), 'publish', '-r', '--dry-run', '--no-git-checks', '--ignore-scripts'],
      { cwd: clone, env: cleanEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const versions: Record<string, string> = {};
    for (const { dir, manifest } of publishedPackages()) {
      const bumped = JSON.parse(
        readFileSync(join(clone, relative(root, dir), 'package.json'), 'utf8'),
      ) as { version: string };
      versions[manifest.name] = bumped.version;
    }
    return {
      status: publish.status,
      stdout: publish.stdout ?? '',
      stderr: publish.stderr ?? '',
      versions,
      leftChangesets: readdirSync(join(clone, '.changeset')).filter(
        (file) => file.endsWith('.md') && file !== 'README.md',
      ),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** How many rehearsal results the cache keeps (several checkouts may share the cache root). */
const KEPT_REHEARSALS = 8;

function pruneOldest(dir: string, keep: number): void {
  const files = readdirSync(dir)
    .map((name) => ({ path: join(dir, name), mtime: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { path } of files.slice(keep)) rmSync(path, { force: true });
}

/**
 * Rehearses the release, or reuses the result of a rehearsal over the same inputs from
 * `<cache root>/release-rehearsal/<key>.json`. Only a successful rehearsal is kept, so a failure
 * is always rehearsed again.
 */
export function releaseRehearsal(): Rehearsal {
  const key = rehearsalKey();
  const dir = join(cacheRoot(), 'release-rehearsal');
  const file = join(dir, `${key}.json`);
  if (existsSync(file)) {
    return { result: JSON.parse(readFileSync(file, 'utf8')) as RehearsalResult, cached: true, key };
  }
  const result = rehearse();
  if (result.status === 0) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, JSON.stringify(result));
    pruneOldest(dir, KEPT_REHEARSALS);
  }
  return { result, cached: false, key };
}
