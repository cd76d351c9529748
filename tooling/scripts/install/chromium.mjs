#!/usr/bin/env node
// Installs Debian's chromium for the browser tests of @gate4agent/web when /usr/bin/chromium is
// missing: `apt-get update`, then `apt-get install -y --no-install-recommends chromium` (root,
// or sudo without a password). Idempotent: does nothing when the binary is there. Exits non-zero
// with the reason when it cannot install. Plain Node ESM, no dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const MANUAL = 'sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium';

function fail(reason) {
  console.error(
    `chromium installer: ${reason}; the browser tests need ${CHROMIUM}. Install it with: ${MANUAL}`,
  );
  process.exit(1);
}

if (existsSync(CHROMIUM)) process.exit(0);
if (process.platform !== 'linux')
  fail(`this installer only knows Debian's apt (platform ${process.platform})`);
if (spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status !== 0) {
  fail('apt-get is not available on this machine');
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = isRoot ? [] : ['sudo', '-n'];
if (!isRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) {
  fail('not running as root and sudo needs a password');
}

function apt(args) {
  const [command, ...rest] = [...sudo, 'apt-get', ...args];
  const result = spawnSync(command, rest, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0)
    fail(`apt-get ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

console.log(`chromium installer: ${CHROMIUM} is missing; installing Debian's chromium`);
apt(['update']);
apt(['install', '-y', '--no-install-recommends', 'chromium']);
if (!existsSync(CHROMIUM)) fail(`apt-get installed chromium but ${CHROMIUM} is still missing`);
console.log(`chromium installer: installed ${CHROMIUM}`);
