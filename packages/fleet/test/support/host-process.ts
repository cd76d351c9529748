// A fleet host as a real child Node process (test/fixtures/fleet-host.mjs), with its output lines.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../fixtures/fleet-host.mjs', import.meta.url));

/** A running host process. */
export interface HostProcess {
  readonly hostId: string;
  readonly child: ChildProcess;
  /** Every `op <operationId> <pid>` line so far: provider children it started. */
  readonly operations: { operationId: number; pid: number }[];
  readonly exited: Promise<void>;
  /** Resolves with the next provider child it starts (or one already started and not taken). */
  nextOperation(): Promise<{ operationId: number; pid: number }>;
  /** Asks the host to shut down cleanly and waits for the process to end. */
  stop(): Promise<void>;
  /** Sends `signal` and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts a host and resolves once it registered in the fleet. */
export async function startHost(
  hostId: string,
  capacity: number,
  servers: readonly string[],
  seed: string,
): Promise<HostProcess> {
  const child = spawn(
    process.execPath,
    [SCRIPT, hostId, String(capacity), JSON.stringify(servers), seed],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
    if (process.env.FLEET_TEST_VERBOSE) process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const operations: { operationId: number; pid: number }[] = [];
  const waiters: (() => void)[] = [];
  let taken = 0;
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code, signal) =>
      reject(new Error(`host ${hostId} exited (${code ?? signal}) before it was ready: ${stderr}`)),
    );
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === 'ready') resolve();
      const op = /^op (\d+) (\d+)$/.exec(line);
      if (op !== null) {
        operations.push({ operationId: Number(op[1]), pid: Number(op[2]) });
        for (const wake of waiters.splice(0)) wake();
      }
    });
  });
  await ready;
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    hostId,
    child,
    operations,
    exited,
    nextOperation: async () => {
      while (operations.length <= taken) await new Promise<void>((wake) => waiters.push(wake));
      const op = operations[taken];
      taken += 1;
      if (op === undefined) throw new Error('no operation');
      return op;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.stdin?.write('stop\n');
      await exited;
    },
    kill,
  };
}
