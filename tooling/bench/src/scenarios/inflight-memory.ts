// Issue #14 rows "heap held per in-flight supervised op" and "peak RSS under 1,024 supervised
// operations in flight": a ProviderSupervisor (public, @gate4agent/runtime-native/supervisor)
// with the production child-process executor starts 1,024 operations of a program that sleeps;
// once all run, the heap is settled (gc) and read, and the peak RSS is taken. The anchor spawns
// the same program 1,024 times with child_process.spawn and holds the handles. Then everything is
// stopped: the supervisor retires (stop, grace, proven reap), the raw children are SIGKILLed.
import { setTimeout as sleep } from 'node:timers/promises';
import { closed, rawSpawn } from '../provider-programs.js';
import type { RunSize, Scenario } from '../scenario.js';

const OPERATIONS: Record<RunSize, number> = { full: 1_024, quick: 256, smoke: 8 };
const HOLD = { command: '/bin/sh', args: ['-c', 'exec sleep 600'] } as const;
const GRACE_MS = 25;
const SETTLE_MS = 1_000;
const KIB = 1_024;

function settledHeap(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined)
    throw new Error('run this scenario with node --expose-gc (the runner does)');
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const peakRssMiB = () => (process.resourceUsage().maxRSS * KIB) / (KIB * KIB);
const tick = () => sleep(2);

async function supervised(operations: number): Promise<Record<string, number>> {
  const { ChildProcessProviderExecutor, ProviderSupervisor } = await import(
    '@gate4agent/runtime-native/supervisor'
  );
  const { unwrap } = await import('@gate4agent/types');
  const { BenchProviderPort } = await import('../bench-provider-port.js');
  const { benchProvider } = await import('../kernel-sessions.js');
  const port = new BenchProviderPort(operations);
  const executor = new ChildProcessProviderExecutor({
    command: HOLD.command,
    args: [...HOLD.args],
  });
  const supervisor = unwrap(
    ProviderSupervisor.newWithStopGrace(benchProvider(), port, executor, GRACE_MS),
  );
  const before = settledHeap();
  for (let id = 1; id <= operations; id += 1) port.invoke(id);
  while (port.hasWork()) {
    supervisor.tick();
    await tick();
  }
  const settleUntil = performance.now() + SETTLE_MS;
  while (performance.now() < settleUntil) {
    supervisor.tick();
    await tick();
  }
  const owned = supervisor.snapshot().operations.length;
  if (owned !== operations) {
    throw new Error(`the supervisor owns ${owned} of ${operations} operations after starting them`);
  }
  const heapPerOpKiB = (settledHeap() - before) / operations / KIB;
  const rss = peakRssMiB();
  unwrap(supervisor.beginRetirement());
  const deadline = performance.now() + 120_000;
  while (supervisor.state() !== 'closed') {
    if (performance.now() > deadline) throw new Error('the supervisor did not close within 120 s');
    port.settleClose();
    supervisor.tick();
    supervisor.drainExitAcks(operations);
    supervisor.drainFaults(operations);
    await tick();
  }
  return { heapPerOpKiB, peakRssMiB: rss };
}

async function raw(operations: number): Promise<Record<string, number>> {
  const before = settledHeap();
  const children = Array.from({ length: operations }, () => rawSpawn(HOLD));
  await sleep(SETTLE_MS);
  const heapPerOpKiB = (settledHeap() - before) / operations / KIB;
  const rss = peakRssMiB();
  for (const child of children) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  await Promise.all(children.map(closed));
  return { heapPerOpKiB, peakRssMiB: rss };
}

const scenario: Scenario = {
  id: 'inflight-memory',
  title: '1,024 sleeping operations held by a ProviderSupervisor vs 1,024 raw spawns',
  order: 60,
  parts: ['supervised', 'raw-spawn'],
  rows: [
    {
      id: 'inflight-heap',
      metric: 'heap held per in-flight supervised op',
      unit: 'KiB',
      ours: { part: 'supervised', key: 'heapPerOpKiB' },
      anchor: { part: 'raw-spawn', key: 'heapPerOpKiB' },
      anchorLabel: 'raw spawn of the same program, handles held',
      ratio: 'difference',
      goal: '≤ 4 KiB over raw',
      met: (_ours, _anchor, over) => over <= 4,
      digits: 1,
    },
    {
      id: 'inflight-rss',
      metric: 'peak RSS, 1,024 supervised operations in flight',
      unit: 'MiB',
      ours: { part: 'supervised', key: 'peakRssMiB' },
      anchor: { part: 'raw-spawn', key: 'peakRssMiB' },
      anchorLabel: 'raw spawn of the same program ×1,024',
      ratio: 'quotient',
      goal: 'bounded (issue: memory stays bounded)',
      met: () => null,
      digits: 0,
    },
  ],
  async run(part, size) {
    return part === 'supervised' ? supervised(OPERATIONS[size]) : raw(OPERATIONS[size]);
  },
};

export default scenario;
