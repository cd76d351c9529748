// Issue #14 rows "supervised ops/s, 32 in flight" and "host CPU per supervised op": the same
// short program run to exit, 32 at a time, once through a NativeRuntime (client.request → the
// native provider's child process → completion → physical exit ack) and once by raw
// `child_process.spawn` to 'close'. Throughput is operations over wall time; host CPU is this
// process's process.cpuUsage (all threads) over the same window, per operation.
import type { ChildProcess } from 'node:child_process';
import { closed, QUICK_PROVIDER, rawSpawn } from '../provider-programs.js';
import type { RunSize, Scenario } from '../scenario.js';

const IN_FLIGHT = 32;
const OPERATIONS: Record<RunSize, number> = { full: 320, quick: 128, smoke: 8 };
/** Operations run before the window (first spawns, JIT); none in the smoke test. */
const WARM_UP: Record<RunSize, number> = { full: IN_FLIGHT, quick: IN_FLIGHT, smoke: 0 };

interface Window {
  readonly opsPerSecond: number;
  readonly cpuMsPerOp: number;
}

async function timed(operations: number, one: () => Promise<void>): Promise<Window> {
  let started = 0;
  const cpu = process.cpuUsage();
  const begin = performance.now();
  const lane = async () => {
    while (started < operations) {
      started += 1;
      await one();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  const seconds = (performance.now() - begin) / 1_000;
  const used = process.cpuUsage(cpu);
  return {
    opsPerSecond: operations / seconds,
    cpuMsPerOp: (used.user + used.system) / 1_000 / operations,
  };
}

async function supervised(operations: number, warmUp: number): Promise<Window> {
  // Loaded here, so the raw part's process holds none of the packages.
  const { supervisedRuntime } = await import('../supervised-runtime.js');
  const host = await supervisedRuntime({ ...QUICK_PROVIDER, ackCapacity: 256 });
  try {
    const one = async () => {
      const completion = await host.client.request(host.request());
      if (completion.outcome.kind !== 'succeeded' || completion.operationId === null) {
        throw new Error(`a supervised operation ended ${completion.outcome.kind}, not succeeded`);
      }
      await host.acks.of(completion.operationId);
    };
    await Promise.all(Array.from({ length: warmUp }, one));
    return await timed(operations, one);
  } finally {
    await host.close();
  }
}

async function raw(operations: number, warmUp: number): Promise<Window> {
  const one = async () => {
    const child: ChildProcess = rawSpawn(QUICK_PROVIDER);
    await closed(child);
    if (child.exitCode !== 0) throw new Error(`the raw program exited ${child.exitCode}`);
  };
  await Promise.all(Array.from({ length: warmUp }, one));
  return timed(operations, one);
}

const scenario: Scenario = {
  id: 'supervised-throughput',
  title: `the same short program to exit, ${IN_FLIGHT} in flight: NativeRuntime provider vs raw spawn`,
  order: 10,
  parts: ['supervised', 'raw-spawn'],
  rows: [
    {
      id: 'supervised-ops',
      metric: `supervised ops/s (dispatch → completion → exit ack), ${IN_FLIGHT} in flight`,
      unit: 'ops/s',
      ours: { part: 'supervised', key: 'opsPerSecond' },
      anchor: { part: 'raw-spawn', key: 'opsPerSecond' },
      anchorLabel: 'raw spawn + exit of the same program',
      ratio: 'quotient',
      goal: '≥ 0.90 of raw',
      met: (_ours, _anchor, ratio) => ratio >= 0.9,
      digits: 0,
    },
    {
      id: 'supervised-cpu',
      metric: 'host CPU per supervised op',
      unit: 'ms',
      ours: { part: 'supervised', key: 'cpuMsPerOp' },
      anchor: { part: 'raw-spawn', key: 'cpuMsPerOp' },
      anchorLabel: 'raw spawn + exit of the same program',
      ratio: 'quotient',
      goal: '≤ 1.3× raw',
      met: (_ours, _anchor, ratio) => ratio <= 1.3,
      digits: 2,
    },
  ],
  async run(part, size) {
    const [operations, warmUp] = [OPERATIONS[size], WARM_UP[size]];
    const window =
      part === 'supervised' ? await supervised(operations, warmUp) : await raw(operations, warmUp);
    return { ...window };
  },
};

export default scenario;
