// Real child processes for the tests, killed (group and tracked pids) after each test.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach } from 'vitest';
import type { ProcessIdentity } from '../src/process-entry.js';
import { readProcess } from '../src/read-process-table.js';
import { signalProcess } from '../src/signal-process.js';

const started: ChildProcess[] = [];
const extraPids: ProcessIdentity[] = [];

/** Spawns `node -e script` in its own process group; resolves once it printed its first line. */
export async function startNode(
  script: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; pid: number; firstLine: string }> {
  const child = spawn(process.execPath, ['-e', script], {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  started.push(child);
  let text = '';
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.includes('\n')) break;
  }
  return { child, pid: child.pid as number, firstLine: text.split('\n')[0] ?? '' };
}

/** Records a pid that a test's child created, so it is killed after the test. */
export function trackPid(pid: number): void {
  const read = readProcess(pid);
  if (read.kind === 'process') extraPids.push({ pid, startTime: read.entry.startTime });
}

/** Waits (doubling pauses up to 50 ms, 15 s at most) until `condition` holds. */
export async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 15_000;
  let pause = 1;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(pause);
    pause = Math.min(pause * 2, 50);
  }
}

/** A script that forks `node` children (one detached with setsid) and prints their pids. */
export const FORKING_SCRIPT = `
const { spawn } = require('node:child_process');
const keep = 'process.on("SIGTERM", () => {}); process.stdout.write("r"); setInterval(() => {}, 1000)';
const plain = 'process.stdout.write("r"); setInterval(() => {}, 1000)';
const body = process.env.IGNORE_TERM === '1' ? keep : plain;
if (process.env.IGNORE_TERM === '1') process.on('SIGTERM', () => {});
const a = spawn(process.execPath, ['-e', body], { stdio: ['ignore', 'pipe', 'ignore'] });
const b = spawn(process.execPath, ['-e', body], { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
b.unref();
let ready = 0;
for (const child of [a, b]) child.stdout.once('data', () => {
  ready += 1;
  if (ready === 2) process.stdout.write(a.pid + ' ' + b.pid + '\\n');
});
setInterval(() => {}, 1000);
`;

afterEach(async () => {
  for (const child of started.splice(0)) {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {}
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  }
  for (const identity of extraPids.splice(0)) signalProcess(identity, 'SIGKILL');
});
