#!/usr/bin/env node
// Installs the Debian package nats-server when it is missing (the @gate4agent/fleet tests start a
// real 3-node JetStream cluster with it). Idempotent: does nothing when a nats-server with
// clustered JetStream (>= 2.2) is on the machine. Exits non-zero with the reason when it cannot
// install. Plain Node ESM, no dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const MIN = [2, 2, 0];
const CANDIDATES = ['/usr/sbin/nats-server', '/usr/bin/nats-server'];

function fail(reason) {
  console.error(`nats-server: ${reason}`);
  process.exit(1);
}

function found() {
  for (const path of CANDIDATES) if (existsSync(path)) return path;
  const which = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' });
  const path = which.stdout?.trim();
  return which.status === 0 && path ? path : null;
}

function version(path) {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8' });
  const match = /v?(\d+)\.(\d+)\.(\d+)/.exec(`${result.stdout ?? ''}${result.stderr ?? ''}`);
  return match === null ? null : match.slice(1).map(Number);
}

function atLeast(actual, wanted) {
  for (let i = 0; i < wanted.length; i += 1) {
    if (actual[i] !== wanted[i]) return actual[i] > wanted[i];
  }
  return true;
}

function check(path) {
  const v = version(path);
  if (v === null)
    fail(
      `${path} did not report a version; reinstall it with apt-get install --reinstall nats-server`,
    );
  if (!atLeast(v, MIN)) {
    fail(
      `${path} is ${v.join('.')}, older than ${MIN.join('.')} (clustered JetStream); install a newer nats-server`,
    );
  }
  console.log(`nats-server ${v.join('.')} at ${path}`);
}

const existing = found();
if (existing !== null) {
  check(existing);
  process.exit(0);
}
if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
  fail(
    'not installed and this machine has no apt-get; install nats-server (https://nats.io) and put it on PATH',
  );
}
const root = typeof process.getuid === 'function' && process.getuid() === 0;
const prefix = root ? [] : ['sudo', '-n'];
const run = (args) => {
  const [command, ...rest] = [...prefix, ...args];
  const result = spawnSync(command, rest, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
};
console.log('nats-server is missing; installing the Debian package');
if (!run(['apt-get', 'update'])) fail('apt-get update failed; run it as root and try again');
if (!run(['apt-get', 'install', '-y', '--no-install-recommends', 'nats-server'])) {
  fail('apt-get install nats-server failed; run `apt-get install nats-server` as root');
}
const installed = found();
if (installed === null)
  fail('apt-get installed nats-server but no binary was found on PATH or in /usr/sbin');
check(installed);
