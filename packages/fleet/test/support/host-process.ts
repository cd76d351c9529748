// A fleet host as a real child Node process (test/fixtures/fleet-host.mjs), started through the
// published `startHostProcess` of `@gate4agent/fleet/testing`, with the fixture's `op` lines.
import { fileURLToPath } from 'node:url';
import {
  type HostProcessSignal,
  type HostProcess as RunningHost,
  startHostProcess,
} from '../../src/testing/index.js';

const SCRIPT = fileURLToPath(new URL('../fixtures/fleet-host.mjs', import.meta.url));

/** A running host process of the fixture, with the provider children it started. */
export interface HostProcess extends RunningHost {
  /** Every `op <operationId> <pid>` line so far: provider children it started. */
  readonly operations: { operationId: number; pid: number }[];
  /** Resolves with the next provider child it starts (or one already started and not taken). */
  nextOperation(): Promise<{ operationId: number; pid: number }>;
  kill(signal: HostProcessSignal): Promise<void>;
}

/** Starts a fixture host and resolves once it registered in the fleet. */
export async function startHost(
  hostId: string,
  capacity: number,
  servers: readonly string[],
  seed: string,
): Promise<HostProcess> {
  const operations: { operationId: number; pid: number }[] = [];
  const waiters: (() => void)[] = [];
  let taken = 0;
  const host = await startHostProcess({
    script: SCRIPT,
    args: [hostId, String(capacity), JSON.stringify(servers), seed],
    hostId,
    echoStderr: process.env.FLEET_TEST_VERBOSE !== undefined,
    onLine: (line) => {
      const op = /^op (\d+) (\d+)$/.exec(line);
      if (op === null) return;
      operations.push({ operationId: Number(op[1]), pid: Number(op[2]) });
      for (const wake of waiters.splice(0)) wake();
    },
  });
  return {
    ...host,
    operations,
    nextOperation: async () => {
      while (operations.length <= taken) await new Promise<void>((wake) => waiters.push(wake));
      const op = operations[taken];
      taken += 1;
      if (op === undefined) throw new Error('no operation was recorded; start one first');
      return op;
    },
  };
}
