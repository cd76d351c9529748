// A project outside the workspace that installs the packed tarballs as a user would. Projects live
// under <cache root>/downstream (~/.cache/gate4agent by default; one set per checkout) and are reused between runs: a
// tarball is copied in under a name that carries its content hash, so npm reinstalls only the
// packages whose content changed and a compiled node-pty survives from one run to the next.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { cacheRoot } from './cache-root.js';
import { pinnedPnpm, root } from './workspace.js';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** A Node other than the machine's, from tooling/scripts/install/node-versions.mjs. */
export interface NodeInstall {
  /** The directory holding its `node` binary. */
  readonly binDir: string;
  /** Its distribution directory (with include/node), for node-gyp. */
  readonly nodeDir: string;
}

/** How to build one downstream project. */
export interface ProjectOptions {
  /** A short name of the project (`npm`, `pnpm`, `npm-node22`). */
  readonly variant: string;
  readonly manager: 'npm' | 'pnpm';
  /** Every packed tarball by package name (the transitive ranges resolve to these). */
  readonly tarballs: Readonly<Record<string, string>>;
  /** The workspace packages the project depends on directly. */
  readonly dependencies: readonly string[];
  /** Third-party packages and the exact versions to install (TypeScript, @types/node, …). */
  readonly thirdParty: Readonly<Record<string, string>>;
  /** The Node to install and build native addons with; the machine's when absent. */
  readonly node?: NodeInstall;
}

/** An installed downstream project. */
export interface DownstreamProject {
  readonly dir: string;
  /** The environment its commands run in (the chosen Node first on PATH, no npm_* of the parent). */
  readonly env: NodeJS.ProcessEnv;
}

/** Where the downstream projects of this checkout live: `<cache root>/downstream/<checkout hash>`. */
export function projectsRoot(): string {
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 12);
  return join(cacheRoot(), 'downstream', checkout);
}

/** The environment without what a parent npm or pnpm run put into it. */
export function cleanEnv(node?: NodeInstall): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|pnpm_|PNPM_|INIT_CWD$|NODE_OPTIONS$|VITEST|TEST$|NODE_ENV$)/i.test(key)) continue;
    env[key] = value;
  }
  env.npm_config_update_notifier = 'false';
  env.npm_config_fund = 'false';
  env.npm_config_audit = 'false';
  // Another Node's bundled npm reads neither this machine's global npmrc nor, under turbo's strict
  // env mode, anything turbo did not pass: give it the CA bundle a TLS-intercepting proxy needs.
  const cafile = process.env.npm_config_cafile ?? process.env.NODE_EXTRA_CA_CERTS;
  if (cafile !== undefined && cafile !== '') env.npm_config_cafile = cafile;
  if (node !== undefined) {
    env.PATH = `${node.binDir}:${env.PATH ?? ''}`;
    env.npm_config_nodedir = node.nodeDir;
  }
  return env;
}

function hashOf(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
}

/** Creates (or updates) the project and installs it. Throws with the installer's output on failure. */
export function prepareProject(options: ProjectOptions): DownstreamProject {
  const dir = join(projectsRoot(), options.variant);
  const tarballDir = join(dir, 'tarballs');
  mkdirSync(tarballDir, { recursive: true });
  const local: Record<string, string> = {};
  for (const [name, tarball] of Object.entries(options.tarballs)) {
    const file = `${basename(tarball, '.tgz')}-${hashOf(tarball)}.tgz`;
    if (!existsSync(join(tarballDir, file))) copyFileSync(tarball, join(tarballDir, file));
    local[name] = `file:./tarballs/${file}`;
  }
  const keep = new Set(Object.values(local).map((spec) => spec.slice('file:./tarballs/'.length)));
  for (const file of readdirSync(tarballDir)) {
    if (!keep.has(file)) rmSync(join(tarballDir, file));
  }

  const dependencies: Record<string, string> = {};
  for (const name of options.dependencies) {
    const spec = local[name];
    if (spec === undefined) throw new Error(`no tarball was packed for ${name}`);
    dependencies[name] = spec;
  }
  const manifest: Record<string, unknown> = {
    name: `gate4agent-downstream-${options.variant}`,
    private: true,
    type: 'module',
    dependencies,
    devDependencies: { ...options.thirdParty },
  };
  // npm resolves a tarball's caret range on @gate4agent/x to the top-level x; pnpm installs only
  // direct dependencies at the top, so its transitive ranges are pointed at the tarballs.
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (options.manager === 'pnpm') {
    // JSON is YAML; the file also stops pnpm from looking for a workspace above the project.
    writeFileSync(
      join(dir, 'pnpm-workspace.yaml'),
      `${JSON.stringify({ overrides: local }, null, 2)}\n`,
    );
  }

  const env = cleanEnv(options.node);
  const [command, args] =
    options.manager === 'npm'
      ? [npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']]
      : [
          npx,
          [
            '--yes',
            pinnedPnpm(),
            'install',
            // The project is reused between runs while its tarballs change; pnpm freezes the
            // lockfile when CI is set, which would refuse every changed tarball.
            '--no-frozen-lockfile',
            '--prefer-offline',
            '--config.confirm-modules-purge=false',
            '--reporter=append-only',
          ],
        ];
  try {
    execFileSync(command, args, {
      cwd: dir,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${options.manager} install in the downstream project ${dir} failed: ${failure.message}\n${failure.stdout ?? ''}\n${failure.stderr ?? ''}\nDelete ${dir} to start that project from scratch.`,
    );
  }
  return { dir, env };
}
