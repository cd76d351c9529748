// Retiring 300 operations whose processes ignore SIGTERM (run by `pnpm bench`, not by tests):
// every one needs the full ladder, stop → grace → force → proven reap. Reports the longest
// supervisor tick (the exit proof must stay off the critical path) and the wall time from
// retirement to `closed` beyond the grace.
import { unwrap } from '@gate4agent/types';
import { bench, describe } from 'vitest';
import { ChildProcessProviderExecutor } from '../src/executor/child-process-provider-executor.js';
import { ProviderSupervisor } from '../src/supervisor/provider-supervisor.js';
import { FakeRuntimePort } from '../test/supervisor/support/fake-runtime-port.js';
import { providerDescriptor } from '../test/supervisor/support/fixtures.js';

const OPERATIONS = 300;
const GRACE = 25;
// `trap "" TERM` is inherited across exec: a sleep that ignores SIGTERM, a few hundred KB each.
const executor = new ChildProcessProviderExecutor({
  command: '/bin/sh',
  args: ['-c', 'trap "" TERM; exec sleep 600'],
  stdin: 'ignore',
});
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

async function retireAll(): Promise<{ longestTickMs: number; beyondGraceMs: number }> {
  const port = new FakeRuntimePort(undefined, undefined, 1_024);
  const supervisor = unwrap(
    ProviderSupervisor.newWithStopGrace(providerDescriptor(), port, executor, GRACE),
  );
  for (let id = 1; id <= OPERATIONS; id += 1) port.invoke(id);
  while (port.work.length > 0) supervisor.tick();
  supervisor.tick();
  await turn();
  const retiredAt = performance.now();
  supervisor.beginRetirement();
  let longestTickMs = 0;
  while (supervisor.state() !== 'closed') {
    if (port.closeCalls > 0) port.runtimeState = 'closed';
    const start = performance.now();
    supervisor.tick();
    longestTickMs = Math.max(longestTickMs, performance.now() - start);
    supervisor.drainExitAcks(1_024);
    supervisor.drainFaults(1_024);
    await turn();
  }
  return { longestTickMs, beyondGraceMs: performance.now() - retiredAt - GRACE };
}

describe('retiring SIGTERM-ignoring operations', () => {
  bench(
    `${OPERATIONS} operations: stop, grace, force, proven reap`,
    async () => {
      const { longestTickMs, beyondGraceMs } = await retireAll();
      console.log(
        `longest tick ${longestTickMs.toFixed(1)} ms; closed ${beyondGraceMs.toFixed(0)} ms after the ${GRACE} ms grace`,
      );
    },
    { iterations: 1, warmupIterations: 0, time: 0 },
  );
});
