#!/usr/bin/env node
// Installs Node 22 and Node 24 for the smoke suite (ARCHITECTURE decision 19) through the npm
// registry's `node` package, once, into <cache root>/node<major> (outside the repository; the cache
// root is $GATE4AGENT_CACHE_DIR, ~/.cache/gate4agent when unset).
// Idempotent: a cached install of the right major is kept. Exits non-zero with the reason when it
// cannot install. tooling/downstream/src/node-versions.ts finds the binaries the same way.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The Node majors the smoke suite runs on, with the oldest line each supports (decision 1). */
const MAJORS = [
  { major: 22, floor: [22, 12] },
  { major: 24, floor: [24, 0] },
];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The cache root, as tooling/downstream/src/cache-root.ts computes it. */
function cacheRoot() {
  const override = process.env.GATE4AGENT_CACHE_DIR;
  return override ? override : join(homedir(), '.cache', 'gate4agent');
}

function cacheDir(major) {
  return join(cacheRoot(), `node${major}`);
}

/** The distribution directory npm's `node` package unpacked (bin/node, include/node). */
function distDir(major) {
  const platformPackage = `node-${process.platform}-${process.arch}`;
  const candidates = [
    join(cacheDir(major), 'node_modules', 'node', 'node_modules', platformPackage),
    join(cacheDir(major), 'node_modules', platformPackage),
  ];
  return candidates.find((dir) => existsSync(join(dir, 'bin', 'node'))) ?? null;
}

function installedVersion(major) {
  const dir = distDir(major);
  if (dir === null) return null;
  const result = spawnSync(join(dir, 'bin', 'node'), ['--version'], { encoding: 'utf8' });
  const match = /^v(\d+)\.(\d+)\.(\d+)/.exec(result.stdout ?? '');
  return match === null ? null : match.slice(1, 4).map(Number);
}

function fits(version, { major, floor }) {
  if (version === null || version[0] !== major) return false;
  return version[1] >= floor[1];
}

/** The environment without what a parent npm or pnpm run put into it. */
function cleanEnv() {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm_|pnpm_)/i.test(key)) env[key] = value;
  }
  return env;
}

let failed = false;
for (const target of MAJORS) {
  const before = installedVersion(target.major);
  if (fits(before, target)) {
    console.log(`node ${target.major}: v${before.join('.')} cached in ${cacheDir(target.major)}`);
    continue;
  }
  mkdirSync(cacheDir(target.major), { recursive: true });
  const spec = `node@${target.major}`;
  console.log(
    `node ${target.major}: installing ${spec} from the npm registry into ${cacheDir(target.major)}`,
  );
  const result = spawnSync(
    npm,
    [
      'install',
      '--prefix',
      cacheDir(target.major),
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      spec,
    ],
    { env: cleanEnv(), stdio: 'inherit', shell: process.platform === 'win32' },
  );
  const after = installedVersion(target.major);
  if (result.status !== 0 || !fits(after, target)) {
    failed = true;
    console.error(
      `node ${target.major} could not be installed (npm exited ${result.status}, found ${after === null ? 'no binary' : `v${after.join('.')}`}); ` +
        `the Node ${target.major} smoke suite cannot run. Check access to the npm registry, then run ` +
        `\`npm install --prefix ${cacheDir(target.major)} ${spec}\` or \`node tooling/scripts/install/node-versions.mjs\`.`,
    );
  } else {
    console.log(`node ${target.major}: v${after.join('.')} installed`);
  }
}
process.exit(failed ? 1 : 0);
