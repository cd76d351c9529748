// Informational rows behind issue #14's "supervised ops/s" and "host CPU per op": how long one
// `child_process.spawn()` call blocks its caller's event loop, in a bare Node process, in the
// process of a supervised runtime (a NativeRuntime with a PTY agent and a native provider, idle),
// and in a bare process holding extra anonymous memory. On Linux libuv spawns with fork(), which
// copies the caller's page tables, and the caller waits until the child has exec'd (and so torn
// its copy down again): the call's cost grows with the caller's anonymous memory, whoever holds it.
// Each spawn is the supervised program, started as the executor starts it, and run to 'close'
// before the next one, so only the call itself is timed.
import { readFileSync } from 'node:fs';
import { closed, QUICK_PROVIDER, rawSpawn } from '../provider-programs.js';
import type { RunSize, Scenario } from '../scenario.js';
import { median } from '../stats.js';

const SPAWNS: Record<RunSize, number> = { full: 200, quick: 100, smoke: 10 };
const WARM_UP = 10;
/** The extra anonymous memory of the `ballast` part, in MiB. */
const BALLAST_MIB = 64;
const MIB = 1_048_576;

/** This process's anonymous resident memory in MiB (Linux), else its whole RSS. */
function anonymousMiB(): number {
  try {
    const rollup = readFileSync('/proc/self/smaps_rollup', 'utf8');
    const kib = /^Anonymous:\s+(\d+) kB$/m.exec(rollup)?.[1];
    if (kib !== undefined) return Number(kib) / 1_024;
  } catch {
    // Not Linux: fall through to the resident set.
  }
  return process.memoryUsage().rss / MIB;
}

/** The median time one spawn() call takes, in ms, over `count` spawns run one after another. */
async function spawnCallMs(count: number): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < WARM_UP + count; index += 1) {
    const begin = performance.now();
    const child = rawSpawn(QUICK_PROVIDER);
    const took = performance.now() - begin;
    await closed(child);
    if (child.exitCode !== 0) throw new Error(`the spawned program exited ${child.exitCode}`);
    if (index >= WARM_UP) times.push(took);
  }
  return median(times);
}

/** Touches `mib` MiB of fresh memory so every page is resident and anonymous. */
function ballast(mib: number): Uint8Array[] {
  return Array.from({ length: mib }, () => new Uint8Array(MIB).fill(1));
}

const scenario: Scenario = {
  id: 'spawn-host-memory',
  title: 'how long one spawn() call blocks: bare Node, a supervised runtime, bare + 64 MiB',
  order: 12,
  parts: ['runtime-host', 'bare', 'ballast'],
  rows: [
    {
      id: 'spawn-call-runtime',
      metric: 'one spawn() call in the supervised host (runtime + PTY agent + provider, idle)',
      unit: 'ms',
      ours: { part: 'runtime-host', key: 'spawnMs' },
      anchor: { part: 'bare', key: 'spawnMs' },
      anchorLabel: 'the same call in a bare Node process',
      ratio: 'quotient',
      goal: 'informational: why supervised ops/s trails raw spawn',
      met: () => null,
      digits: 2,
    },
    {
      id: 'anon-runtime',
      metric: 'anonymous memory of the supervised host',
      unit: 'MiB',
      ours: { part: 'runtime-host', key: 'anonMiB' },
      anchor: { part: 'bare', key: 'anonMiB' },
      anchorLabel: 'a bare Node process',
      ratio: 'difference',
      goal: 'informational: what fork() copies',
      met: () => null,
      digits: 1,
    },
    {
      id: 'spawn-call-ballast',
      metric: `one spawn() call in a bare process holding ${BALLAST_MIB} MiB more anonymous memory`,
      unit: 'ms',
      ours: { part: 'ballast', key: 'spawnMs' },
      anchor: { part: 'bare', key: 'spawnMs' },
      anchorLabel: 'the same call in a bare Node process',
      ratio: 'quotient',
      goal: 'informational: the cost of memory alone',
      met: () => null,
      digits: 2,
    },
  ],
  async run(part, size) {
    if (part === 'ballast') {
      const held = ballast(BALLAST_MIB);
      const measured = { spawnMs: await spawnCallMs(SPAWNS[size]), anonMiB: anonymousMiB() };
      // Read the ballast after the spawns, so it stays reachable (and resident) throughout.
      const touched = held.reduce((sum, page) => sum + (page[0] ?? 0), 0);
      if (touched !== BALLAST_MIB) throw new Error(`the ballast lost pages (${touched})`);
      return measured;
    }
    if (part === 'bare') {
      return { spawnMs: await spawnCallMs(SPAWNS[size]), anonMiB: anonymousMiB() };
    }
    // Loaded here, so the other parts' processes hold none of the packages.
    const { supervisedRuntime } = await import('../supervised-runtime.js');
    const host = await supervisedRuntime({ ...QUICK_PROVIDER });
    try {
      // A few supervised operations first, so the host holds what a working runtime holds.
      for (let index = 0; index < 32; index += 1) {
        const completion = await host.client.request(host.request());
        if (completion.operationId !== null) await host.acks.of(completion.operationId);
      }
      return { spawnMs: await spawnCallMs(SPAWNS[size]), anonMiB: anonymousMiB() };
    } finally {
      await host.close();
    }
  },
};

export default scenario;
