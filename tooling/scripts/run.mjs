#!/usr/bin/env node
// Entry point of the README's two commands. It needs only Node >= 20 and npm: pnpm is
// bootstrapped through npx at the version pinned in package.json, never from a global install.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(args, { allowFailure = false } = {}) {
  const result = spawnSync(npx, ['--yes', packageManager, ...args], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  const status = result.status ?? 1;
  if (status !== 0 && !allowFailure) process.exit(status);
  return status;
}

function workspaceDirs() {
  return ['packages', 'apps', 'tooling']
    .filter((group) => existsSync(join(root, group)))
    .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)));
}

/** Sums vitest's own JSON results over every package that ran tests. */
function totals() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const dir of workspaceDirs()) {
    const file = join(dir, 'test-results.json');
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    // A test file that fails to load has no failed test of its own; count it so it cannot hide.
    const unloaded = (report.testResults ?? []).filter(
      (file) =>
        file.status === 'failed' &&
        !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
    ).length;
    failed += (report.numFailedTests ?? 0) + unloaded;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  return { passed, failed, skipped };
}

/** Runs one installer with its output captured; resolves with its exit status and output. */
function runInstaller(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
    child.once('close', (code, signal) =>
      resolve({
        status: code ?? 1,
        output: signal === null ? output : `${output}(killed by ${signal})\n`,
      }),
    );
  });
}

/**
 * Installs what the test suites need from outside the workspace (Debian packages, npm CLIs) by
 * running every `tooling/scripts/install/*.mjs`, one after another (two apt-gets cannot run at
 * once), while the build runs: a cold install mostly waits on the network, the build on the CPU.
 * Each installer is idempotent, caches outside the repository and exits non-zero with the reason
 * when it cannot install; its output is printed once it ends. A failed install does not stop the
 * run (the suites that need the tool fail and say why), but it fails the run.
 */
async function installTestTools() {
  const dir = join(root, 'tooling', 'scripts', 'install');
  if (!existsSync(dir)) return [];
  const failed = [];
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.mjs'))
    .sort()) {
    const { status, output } = await runInstaller(join(dir, name));
    const text = output.endsWith('\n') || output === '' ? output : `${output}\n`;
    process.stdout.write(`[install/${name}] ${status === 0 ? 'ok' : `exited ${status}`}\n${text}`);
    if (status !== 0) failed.push(name);
  }
  return failed;
}

/** Runs the pinned pnpm without blocking the event loop (the installers run meanwhile). */
function runAsync(args) {
  return new Promise((resolve) => {
    const child = spawn(npx, ['--yes', packageManager, ...args], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    child.once('error', () => resolve(1));
    child.once('close', (code) => resolve(code ?? 1));
  });
}

const command = process.argv[2];
if (command === 'test') {
  run(['install', '--frozen-lockfile']);
  for (const dir of workspaceDirs()) rmSync(join(dir, 'test-results.json'), { force: true });
  const installs = installTestTools();
  const buildStatus = await runAsync(['turbo', 'run', 'build']);
  const failedInstalls = await installs;
  if (buildStatus !== 0) process.exit(buildStatus);
  const status = run(['turbo', 'run', 'test', '--continue', '--concurrency=1'], {
    allowFailure: true,
  });
  const { passed, failed, skipped } = totals();
  const tail = skipped > 0 ? `, ${skipped} skipped` : '';
  for (const name of failedInstalls) {
    console.error(
      `test tool installer ${name} failed; the suites that need it could not run (see its output above)`,
    );
  }
  console.log(`${passed} passed, ${failed} failed${tail}`);
  process.exit(status !== 0 || failed > 0 || passed === 0 || failedInstalls.length > 0 ? 1 : 0);
} else if (command === 'demo') {
  run(['install', '--frozen-lockfile']);
  run(['turbo', 'run', 'build', '--filter=@gate4agent/demo...', '--output-logs=errors-only']);
  process.exit(run(['--filter', '@gate4agent/demo', 'start', ...process.argv.slice(3)]));
} else {
  console.error(`usage: node tooling/scripts/run.mjs test|demo [args]`);
  process.exit(2);
}
