import { setTimeout as sleep } from 'node:timers/promises';
// Real-process helpers for the child-process executor tests: executors over fixture scripts, a
// record of every process group they start, and waits that never assert on timing.
import { fileURLToPath } from 'node:url';
import type { NativeProviderExit } from '@gate4agent/handle';
import { processGroupGone, signalProcessGroup } from '@gate4agent/process';
import {
  FIXTURE_RUN_ENV,
  type FixtureProgram,
  fixtureRunTag,
  fixtureScriptPath,
  trackProcess,
} from '@gate4agent/testkit';
import { unwrap } from '@gate4agent/types';
import {
  ChildProcessProviderExecutor,
  type ChildProcessProviderExecutorConfig,
} from '../../../src/executor/child-process-provider-executor.js';
import type { ChildProcessProviderOperation } from '../../../src/executor/child-process-provider-operation.js';
import { FakeRuntimePort } from '../../supervisor/support/fake-runtime-port.js';

export const RESULT_WRITER = fileURLToPath(
  new URL('../fixtures/result-writer.mjs', import.meta.url),
);
export const ESCAPER = fileURLToPath(
  new URL('../fixtures/escapes-holding-stdout.mjs', import.meta.url),
);
const WAIT_LIMIT = 15_000;

/** Every process group the tests started, to prove none is left running. */
export const startedGroups = new Set<number>();

/** The platform's timer promise, under the name these tests use. */
export { sleep };

/** Waits (real time, bounded) until `condition` holds. */
export async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + WAIT_LIMIT;
  while (!condition()) {
    if (performance.now() > deadline)
      throw new Error(`${what} did not happen within ${WAIT_LIMIT} ms`);
    await sleep(10);
  }
}

/** An executor running `node <script> …args` with the fixture run tag in its environment. */
export function nodeExecutor(
  script: string,
  args: readonly string[] = [],
  config: Partial<ChildProcessProviderExecutorConfig> = {},
): ChildProcessProviderExecutor {
  return new ChildProcessProviderExecutor({
    command: process.execPath,
    args: [script, ...args],
    env: { [FIXTURE_RUN_ENV]: fixtureRunTag() },
    ...config,
  });
}

/** An executor over a testkit fixture program. */
export function fixtureExecutor(
  program: FixtureProgram,
  args: readonly string[] = [],
  config: Partial<ChildProcessProviderExecutorConfig> = {},
): ChildProcessProviderExecutor {
  return nodeExecutor(fixtureScriptPath(program), args, config);
}

const port = new FakeRuntimePort();
let nextOperation = 1;

/** Starts one operation and records its group with the testkit tracker and here. */
export function startOperation(
  executor: ChildProcessProviderExecutor,
  fixture: string,
): ChildProcessProviderOperation {
  const invocation = port.invoke(nextOperation++);
  port.work.length = 0;
  const operation = unwrap(executor.start(invocation));
  trackProcess(operation.pid, fixture, { group: true });
  startedGroups.add(operation.pid);
  return operation;
}

/** Polls `tryWait` until the operation reports its exit. */
export async function waitForExit(
  operation: ChildProcessProviderOperation,
): Promise<NativeProviderExit> {
  let exit = unwrap(operation.tryWait());
  const deadline = performance.now() + WAIT_LIMIT;
  while (exit === null) {
    if (performance.now() > deadline) throw new Error(`operation ${operation.pid} did not exit`);
    await sleep(10);
    exit = unwrap(operation.tryWait());
  }
  return exit;
}

/** Kills and forgets every recorded group; returns the ones that still had live members. */
export async function reapStartedGroups(): Promise<number[]> {
  const leaked = [...startedGroups].filter((pgid) => !processGroupGone(pgid));
  for (const pgid of leaked) signalProcessGroup(pgid, 'SIGKILL');
  for (const pgid of leaked) {
    await waitUntil(() => processGroupGone(pgid), `the end of group ${pgid}`);
  }
  startedGroups.clear();
  return leaked;
}
