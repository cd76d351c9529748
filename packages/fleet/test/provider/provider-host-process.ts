// A provider host as a real child Node process (test/fixtures/fleet-provider-host.mjs), with the
// provider children it reports.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../fixtures/fleet-provider-host.mjs', import.meta.url));

/** A running provider host. */
export interface ProviderHostProcess {
  readonly hostId: string;
  readonly child: ChildProcess;
  /** Every `op <operationId> <pid>` line so far: long-running children it started. */
  readonly operations: readonly { operationId: number; pid: number }[];
  /** Resolves with the next long-running provider child it starts. */
  nextOperation(): Promise<{ operationId: number; pid: number }>;
  /** Asks the host to shut down cleanly and waits for the process to end. */
  stop(): Promise<void>;
  /** Sends `signal` and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts a provider host and resolves once it serves. */
export async function startProviderHost(
  hostId: string,
  servers: readonly string[],
  seed: string,
): Promise<ProviderHostProcess> {
  const child = spawn(process.execPath, [SCRIPT, hostId, JSON.stringify(servers), seed], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
    if (process.env.FLEET_TEST_VERBOSE) process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const operations: { operationId: number; pid: number }[] = [];
  const waiters: (() => void)[] = [];
  let taken = 0;
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code, signal) =>
      reject(new Error(`provider host ${hostId} exited (${code ?? signal}): ${stderr}`)),
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
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    hostId,
    child,
    operations,
    nextOperation: async () => {
      while (operations.length <= taken) await new Promise<void>((wake) => waiters.push(wake));
      const op = operations[taken];
      taken += 1;
      if (op === undefined) throw new Error('no operation');
      return op;
    },
    stop: async () => {
      if (running()) child.stdin?.write('stop\n');
      await exited;
    },
    kill: async (signal) => {
      if (running()) child.kill(signal);
      await exited;
    },
  };
}
