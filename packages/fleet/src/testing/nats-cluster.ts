// A real nats-server cluster with JetStream on loopback (random free ports, a scratch store),
// started and reaped by the caller: what the fleet's own tests and benchmarks run against, and what
// you can run your own fleet code against.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BINARY_CANDIDATES = ['/usr/sbin/nats-server', '/usr/bin/nats-server'];
const LOG_TAIL_CHARS = 4_000;

/**
 * The path of the `nats-server` binary (the Debian package's, or the first on `PATH`). Throws an
 * `Error` that says how to install it when there is none.
 */
export function natsServerBinary(): string {
  for (const candidate of BINARY_CANDIDATES) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' });
  const found = which.stdout?.trim();
  if (which.status === 0 && found) return found;
  throw new Error(
    'nats-server is not installed (looked in /usr/sbin, /usr/bin and PATH); install it with `apt-get install nats-server` (in this repository: `node tooling/scripts/install/nats-server.mjs`) and try again',
  );
}

/** The version `nats-server --version` prints (`2.9.10`), or `null` when it prints none. */
export function natsServerVersion(binary: string = natsServerBinary()): string | null {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return /v?(\d+\.\d+\.\d+)/.exec(`${result.stdout ?? ''}${result.stderr ?? ''}`)?.[1] ?? null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** One node of a {@link NatsCluster}. */
export interface NatsNode {
  /** Its `server_name`: `n1`, `n2`, … */
  readonly name: string;
  /** Its client port on 127.0.0.1. */
  readonly port: number;
  /** Its process (the pid, for leak checks). */
  readonly child: { readonly pid: number | undefined };
  /** Resolves once the process has exited. */
  readonly exited: Promise<void>;
}

/** A running cluster: its client URLs, its nodes, and the functions that end them. */
export interface NatsCluster extends AsyncDisposable {
  /** Every node's client URL (`nats://127.0.0.1:<port>`); hand all of them to `connect`. */
  readonly servers: readonly string[];
  readonly nodes: readonly NatsNode[];
  /** SIGKILLs node `index` (0-based) and waits until its process is reaped. */
  killNode(index: number): Promise<void>;
  /** SIGKILLs every node still running, waits for each, and removes the stores. */
  close(): Promise<void>;
}

/** How many times a cluster is started again on new ports when a port was taken meanwhile. */
const START_ATTEMPTS = 5;
/** How long every node of a cluster gets to say it is ready. */
const READY_TIMEOUT_MS = 30_000;
const READY_LINE = 'Server is ready';
const PORT_TAKEN = /address already in use/i;

interface StartedNode extends NatsNode {
  readonly process: ReturnType<typeof spawn>;
  /** Resolves once it logged that it serves clients; rejects with its log when it exits first. */
  readonly ready: Promise<void>;
}

function startNode(binary: string, name: string, file: string, port: number): StartedNode {
  const child = spawn(binary, ['-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-LOG_TAIL_CHARS);
      if (log.includes(READY_LINE)) resolve();
    });
    child.once('exit', (code, signal) => {
      reject(
        new Error(`nats-server ${name} exited (${code ?? signal}) before it was ready: ${log}`),
      );
      if (code !== null && code !== 0 && log.includes(READY_LINE)) {
        process.stderr.write(`nats-server ${name} exited with code ${code}: ${log}\n`);
      }
    });
  });
  ready.catch(() => undefined);
  return { name, port, child: { pid: child.pid }, exited, process: child, ready };
}

/** Every node of one attempt, ready; SIGKILLs and reaps them all when one is not. */
async function startNodes(binary: string, dir: string, authorization: string, size: number) {
  const ports: number[] = [];
  for (let i = 0; i < size * 2; i += 1) ports.push(await freePort());
  const clientPorts = ports.slice(0, size);
  const routePorts = ports.slice(size);
  // A name of its own: a route port another cluster took meanwhile must not join the two.
  const clusterName = `g4a-${process.pid}-${randomUUID().slice(0, 8)}`;
  const nodes: StartedNode[] = [];
  for (let i = 0; i < size; i += 1) {
    const name = `n${i + 1}`;
    const routes = routePorts
      .filter((_, j) => j !== i)
      .map((port) => `"nats-route://127.0.0.1:${port}"`)
      .join(', ');
    const config = [
      `server_name: ${name}`,
      `listen: "127.0.0.1:${clientPorts[i]}"`,
      `jetstream { store_dir: ${JSON.stringify(join(dir, name))}, max_memory_store: 64MB, max_file_store: 256MB }`,
      size > 1
        ? `cluster { name: ${clusterName}, listen: "127.0.0.1:${routePorts[i]}", routes: [${routes}] }`
        : '',
      authorization,
    ].join('\n');
    const file = join(dir, `${name}.conf`);
    writeFileSync(file, config);
    nodes.push(startNode(binary, name, file, clientPorts[i] ?? 0));
  }
  const timeout = AbortSignal.timeout(READY_TIMEOUT_MS);
  const timedOut = new Promise<never>((_, reject) =>
    timeout.addEventListener('abort', () =>
      reject(new Error(`nats-server did not say "${READY_LINE}" within ${READY_TIMEOUT_MS} ms`)),
    ),
  );
  timedOut.catch(() => undefined);
  try {
    await Promise.race([Promise.all(nodes.map((node) => node.ready)), timedOut]);
    return nodes;
  } catch (error) {
    for (const node of nodes) node.process.kill('SIGKILL');
    await Promise.all(nodes.map((node) => node.exited));
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Starts `size` nats-server nodes on 127.0.0.1 with JetStream (a scratch store under the OS temp
 * directory), routed into one cluster of its own name, each with the config block `authorization`
 * (for the fleet: `fleetAuthorizationConfig(users)`). Resolves once every node serves clients; a
 * port another process took between its choice and the node's start makes it start the cluster
 * again on new ports. JetStream elects its meta leader a moment later, so retry the first
 * JetStream call (see {@link retryUntil}). Close it (or `await using`) to kill every node. Throws
 * when nats-server is not installed, or a node exits or stays silent for 30 s (with its log).
 */
export async function startNatsCluster(authorization: string, size = 3): Promise<NatsCluster> {
  if (!Number.isInteger(size) || size < 1 || size > 9) {
    throw new RangeError(
      `a test cluster has from 1 to 9 nodes; got ${size}. Pass a size in that range`,
    );
  }
  const binary = natsServerBinary();
  let dir = '';
  let started: StartedNode[] | null = null;
  for (let attempt = 1; started === null; attempt += 1) {
    dir = mkdtempSync(join(tmpdir(), 'g4a-nats-'));
    try {
      started = await startNodes(binary, dir, authorization, size);
    } catch (error) {
      if (attempt >= START_ATTEMPTS || !PORT_TAKEN.test(String(error))) throw error;
    }
  }
  const nodes: NatsNode[] = started.map(({ name, port, child, exited }) => ({
    name,
    port,
    child,
    exited,
  }));
  const processes = started.map((node) => node.process);
  const kill = async (index: number) => {
    const child = processes[index];
    const node = nodes[index];
    if (child === undefined || node === undefined) return;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await node.exited;
  };
  const close = async () => {
    await Promise.all(nodes.map((_, index) => kill(index)));
    rmSync(dir, { recursive: true, force: true });
  };
  return {
    servers: nodes.map((node) => `nats://127.0.0.1:${node.port}`),
    nodes,
    killNode: async (index) => {
      if (!Number.isInteger(index) || nodes[index] === undefined) {
        throw new RangeError(
          `the cluster has nodes 0 to ${nodes.length - 1}; got ${index}. Pass one of those indexes`,
        );
      }
      await kill(index);
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
