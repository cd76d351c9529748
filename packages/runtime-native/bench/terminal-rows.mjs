// The terminal rows of issue #14, each beside its anchor in the same run (run by hand after a
// build, not by tests): `node bench/terminal-rows.mjs idle|flood|all [runs]`.
//
// - idle: CPU of this process with 10 idle agent sessions (the control fixture at its prompt)
//   over 5 s, beside the same 5 s with no runtime at all.
// - flood: 64 MiB of text through an agent session until its last line is on a published frame,
//   beside bare node-pty + @xterm/headless in this process until the last chunk is parsed; with
//   the peak RSS of each.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AgentRegistry } from '@gate4agent/agent-catalog';
import { interactiveAgentSpec } from '@gate4agent/testkit';
import {
  AgentId,
  defaultAgentCapabilities,
  defaultAgentReadinessSpec,
  unwrap,
} from '@gate4agent/types';

const { NativeRuntime } = await import(process.env.BENCH_DIST ?? '../dist/index.js');

const require = createRequire(import.meta.url);
const pty = require('node-pty');
const { Terminal } = require('@xterm/headless');

const FLOOD_BYTES = Number(process.env.FLOOD_MIB ?? 64) * 1024 * 1024;
const MARKER = 'FLOOD-END-MARKER';
const CAT_AND_HOLD = 'cat "$1"; exec sleep 120';

function cpuSeconds(start) {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

function cpuPercent(start, wallStart) {
  const used = process.cpuUsage(start);
  const wall = performance.now() - wallStart;
  return ((used.user + used.system) / 1000 / wall) * 100;
}

async function idleCpu(sessions, windowMs) {
  if (sessions === 0) {
    const start = process.cpuUsage();
    const wall = performance.now();
    await sleep(windowMs);
    return cpuPercent(start, wall);
  }
  const { runtime } = unwrap(
    NativeRuntime.create(unwrap(AgentRegistry.create([interactiveAgentSpec()]))),
  );
  const launched = [];
  for (let index = 0; index < sessions; index += 1) {
    launched.push(await runtime.launchAgent(AgentId.of('control-fixture')));
  }
  for (const session of launched) await session.waitFor('fixture-ready>', { timeoutMs: 30_000 });
  await sleep(1_000);
  const start = process.cpuUsage();
  const wall = performance.now();
  await sleep(windowMs);
  const percent = cpuPercent(start, wall);
  for (const session of launched) await session.dispose();
  await runtime.dispose();
  return percent;
}

function floodFile() {
  const directory = mkdtempSync(join(tmpdir(), 'g4a-flood-'));
  const path = join(directory, 'flood.txt');
  const line = `${'lorem ipsum dolor sit amet \u001b[1;32mgreen\u001b[m '.repeat(2)}0123456789\n`;
  const body = line.repeat(Math.ceil(FLOOD_BYTES / Buffer.byteLength(line)));
  writeFileSync(path, `${body}${MARKER}\n`);
  return { directory, path };
}

let peakRss = 0;
let rssTimer = null;

function bareFlood(path) {
  return new Promise((resolve) => {
    const terminal = new Terminal({
      rows: 24,
      cols: 80,
      scrollback: 1_000,
      allowProposedApi: true,
    });
    const started = performance.now();
    // node-pty drops the last output of a child that exits at once: the child stays until killed.
    const child = pty.spawn('/bin/sh', ['-c', CAT_AND_HOLD, 'sh', path], {
      name: 'xterm-256color',
      cols: 80,
      rows: 24,
      cwd: tmpdir(),
      env: { PATH: process.env.PATH ?? '' },
      encoding: null,
    });
    // The marker is looked for in the raw bytes (and across a chunk boundary), copying nothing.
    let tail = Buffer.alloc(0);
    child.onData((data) => {
      const done =
        data.includes(MARKER) ||
        Buffer.concat([tail, data.subarray(0, MARKER.length)]).includes(MARKER);
      tail = data.subarray(-MARKER.length);
      terminal.write(data, () => {
        if (!done) return;
        const seconds = (performance.now() - started) / 1000;
        terminal.dispose();
        child.kill('SIGKILL');
        resolve(seconds);
      });
    });
  });
}

function catSpec(path) {
  return {
    id: AgentId.of('flood-cat'),
    revision: 'bench',
    displayName: 'cat of a flood file',
    detection: { command: 'cat', aliases: [], requiredCommands: [], unsupportedPlatforms: [] },
    launch: { program: '/bin/sh', fixedArgs: ['-c', CAT_AND_HOLD, 'sh', path] },
    expectedProcesses: [{ kind: 'exact', name: 'cat' }],
    prompt: { initial: { kind: 'none' }, nativeDraft: null },
    readiness: defaultAgentReadinessSpec(),
    capabilities: defaultAgentCapabilities(),
    verification: 'gate4agent-verified',
    verifiedWith: null,
  };
}

let sessionCpuSeconds = 0;

async function sessionFlood(path) {
  const { runtime } = unwrap(NativeRuntime.create(unwrap(AgentRegistry.create([catSpec(path)]))));
  const started = performance.now();
  const cpu = process.cpuUsage();
  const session = await runtime.launchAgent(AgentId.of('flood-cat'));
  await session.waitFor(MARKER, { timeoutMs: 600_000 });
  const seconds = (performance.now() - started) / 1000;
  // Like the anchor's, the CPU ends when the last line is on screen (not after the stop).
  sessionCpuSeconds = cpuSeconds(cpu);
  await session.stop({ graceMs: 0 });
  await session.dispose();
  await runtime.dispose();
  return seconds;
}

async function flood(runs) {
  rssTimer ??= setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 20);
  rssTimer.unref();
  const { directory, path } = floodFile();
  const mb = (FLOOD_BYTES + MARKER.length + 1) / 1e6;
  try {
    for (let run = 0; run < runs; run += 1) {
      peakRss = process.memoryUsage.rss();
      const rssBefore = peakRss;
      const cpu = process.cpuUsage();
      const bare = await bareFlood(path);
      const bareCpu = cpuSeconds(cpu);
      const barePeak = peakRss - rssBefore;
      global.gc?.();
      await sleep(200);
      peakRss = process.memoryUsage.rss();
      const rssBefore2 = peakRss;
      const session = await sessionFlood(path);
      const sessionCpu = sessionCpuSeconds;
      const sessionPeak = peakRss - rssBefore2;
      console.log(
        `flood run ${run + 1}: bare ${(mb / bare).toFixed(1)} MB/s, ${bareCpu.toFixed(2)} s CPU, peak RSS +${(barePeak / 1e6).toFixed(0)} MB; ` +
          `session ${(mb / session).toFixed(1)} MB/s, ${sessionCpu.toFixed(2)} s CPU, peak RSS +${(sessionPeak / 1e6).toFixed(0)} MB; ` +
          `ratio wall ${(bare / session).toFixed(2)}, CPU ${(bareCpu / sessionCpu).toFixed(2)}`,
      );
      global.gc?.();
      await sleep(200);
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

async function idle(runs) {
  for (let run = 0; run < runs; run += 1) {
    const anchor = await idleCpu(0, 5_000);
    const sessions = await idleCpu(10, 5_000);
    console.log(
      `idle run ${run + 1}: 10 idle sessions ${sessions.toFixed(2)} % of a core; no runtime ${anchor.toFixed(2)} %`,
    );
  }
}

async function sessionOnly() {
  const { directory, path } = floodFile();
  try {
    const seconds = await sessionFlood(path);
    console.log(
      `session only: ${((FLOOD_BYTES + MARKER.length + 1) / 1e6 / seconds).toFixed(1)} MB/s`,
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const mode = process.argv[2] ?? 'all';
if (mode === 'session') await sessionOnly();
const runs = Number(process.argv[3] ?? 1);
if (mode === 'idle' || mode === 'all') await idle(runs);
if (mode === 'flood' || mode === 'all') await flood(runs);
