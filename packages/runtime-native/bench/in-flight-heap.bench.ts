// Heap held per in-flight supervised operation against raw `spawn` of the same program, side by
// side in one run (run by `pnpm bench`, not by tests): 1,024 children that sleep, first as raw
// ChildProcess objects with a stdout pipe, then as supervised operations of a ProviderSupervisor
// (every one owned until its exit ack). Reports heap after a full GC and peak RSS.
import { type ChildProcess, spawn } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { unwrap } from '@gate4agent/types';
import { bench, describe } from 'vitest';
import { MAX_PROVIDER_SUPERVISOR_OPERATIONS } from '../src/constants.js';
import { ChildProcessProviderExecutor } from '../src/executor/child-process-provider-executor.js';
import { platformMinimalChildEnvironment } from '../src/executor/minimal-child-environment.js';
import { ProviderSupervisor } from '../src/supervisor/provider-supervisor.js';
import { FakeRuntimePort } from '../test/supervisor/support/fake-runtime-port.js';
import { providerDescriptor } from '../test/supervisor/support/fixtures.js';

const OPERATIONS = MAX_PROVIDER_SUPERVISOR_OPERATIONS;
const PROGRAM = { command: '/bin/sleep', args: ['600'] };
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

async function settledHeap(): Promise<number> {
  for (let i = 0; i < 3; i += 1) {
    gc();
    await turn();
  }
  return process.memoryUsage().heapUsed;
}

async function rawHeapPerChild(): Promise<number> {
  const before = await settledHeap();
  const children: ChildProcess[] = [];
  for (let i = 0; i < OPERATIONS; i += 1) {
    const child = spawn(PROGRAM.command, PROGRAM.args, {
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
      env: platformMinimalChildEnvironment(),
    });
    child.stdout?.on('data', () => undefined);
    children.push(child);
  }
  const held = (await settledHeap()) - before;
  const exits = children.map((child) => new Promise((resolve) => child.once('close', resolve)));
  for (const child of children) process.kill(-(child.pid ?? 0), 'SIGKILL');
  await Promise.all(exits);
  return held / OPERATIONS;
}

async function supervisedHeapPerOperation(): Promise<number> {
  const executor = new ChildProcessProviderExecutor({ ...PROGRAM, stdin: 'ignore' });
  const port = new FakeRuntimePort(undefined, undefined, OPERATIONS);
  const supervisor = unwrap(
    ProviderSupervisor.newWithStopGrace(providerDescriptor(), port, executor, 25),
  );
  const before = await settledHeap();
  for (let id = 1; id <= OPERATIONS; id += 1) port.invoke(id);
  while (port.work.length > 0) supervisor.tick();
  supervisor.tick();
  const held = (await settledHeap()) - before;
  supervisor.beginRetirement();
  while (supervisor.state() !== 'closed') {
    if (port.closeCalls > 0) port.runtimeState = 'closed';
    supervisor.tick();
    supervisor.drainExitAcks(OPERATIONS);
    supervisor.drainFaults(OPERATIONS);
    await turn();
  }
  return held / OPERATIONS;
}

describe('heap held per in-flight operation', () => {
  bench(
    `${OPERATIONS} in flight: raw spawn, then supervised`,
    async () => {
      const raw = await rawHeapPerChild();
      const supervised = await supervisedHeapPerOperation();
      const rss = process.resourceUsage().maxRSS / 1_024;
      console.log(
        `raw ${(raw / 1_024).toFixed(1)} KB/child; supervised ${(supervised / 1_024).toFixed(1)} KB/operation (${((supervised - raw) / 1_024).toFixed(1)} KB over raw); peak RSS ${rss.toFixed(0)} MB`,
      );
    },
    { iterations: 1, warmupIterations: 0, time: 0 },
  );
});
