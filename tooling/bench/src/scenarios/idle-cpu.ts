// Issue #14 row "idle CPU, runtime with 10 idle agent sessions": a NativeRuntime runs the
// testkit's interactive fixture agent 10 times in real PTYs; once every session shows its prompt
// and a settle time has passed, this process's CPU time (process.cpuUsage: the host driver,
// session workers and all threads) is read over a window, as a percentage of one core. The anchor
// is an idle Node process: the same measurement in a fresh process that does nothing.
import { setTimeout as sleep } from 'node:timers/promises';
import type { RunSize, Scenario } from '../scenario.js';

const SESSIONS: Record<RunSize, number> = { full: 10, quick: 10, smoke: 1 };
const SETTLE_MS: Record<RunSize, number> = { full: 1_000, quick: 1_000, smoke: 200 };
const WINDOW_MS: Record<RunSize, number> = { full: 5_000, quick: 2_000, smoke: 500 };

async function cpuPercentOver(windowMs: number): Promise<number> {
  const cpu = process.cpuUsage();
  const begin = performance.now();
  await sleep(windowMs);
  const used = process.cpuUsage(cpu);
  return ((used.user + used.system) / 1_000 / (performance.now() - begin)) * 100;
}

async function idleRuntime(size: RunSize): Promise<number> {
  const { AgentRegistry } = await import('@gate4agent/agent-catalog');
  const { NativeRuntime } = await import('@gate4agent/runtime-native');
  const { interactiveAgentSpec } = await import('@gate4agent/testkit');
  const { unwrap } = await import('@gate4agent/types');
  const spec = interactiveAgentSpec();
  const { runtime } = unwrap(NativeRuntime.create(unwrap(AgentRegistry.create([spec]))));
  try {
    const agents = await Promise.all(
      Array.from({ length: SESSIONS[size] }, () => runtime.launchAgent(spec.id)),
    );
    await Promise.all(
      agents.map((agent) => agent.waitFor('fixture-ready>', { timeoutMs: 60_000 })),
    );
    await sleep(SETTLE_MS[size]);
    return await cpuPercentOver(WINDOW_MS[size]);
  } finally {
    await runtime.dispose();
  }
}

const scenario: Scenario = {
  id: 'idle-cpu',
  title: 'CPU of a NativeRuntime with 10 idle fixture agent sessions vs an idle Node process',
  order: 30,
  parts: ['runtime', 'idle-node'],
  rows: [
    {
      id: 'idle-cpu',
      metric: 'idle CPU, runtime with 10 idle agent sessions',
      unit: '% of a core',
      ours: { part: 'runtime', key: 'cpuPercent' },
      anchor: { part: 'idle-node', key: 'cpuPercent' },
      anchorLabel: 'an idle Node process (issue: 0)',
      ratio: 'difference',
      goal: '< 0.5 % of a core',
      met: (ours) => ours < 0.5,
      digits: 2,
    },
  ],
  async run(part, size) {
    if (part === 'runtime') return { cpuPercent: await idleRuntime(size) };
    await sleep(SETTLE_MS[size]);
    return { cpuPercent: await cpuPercentOver(WINDOW_MS[size]) };
  },
};

export default scenario;
