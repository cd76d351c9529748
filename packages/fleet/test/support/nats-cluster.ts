// A real 3-node nats-server cluster with JetStream on loopback, random ports, started and reaped
// by the tests. The Debian package `nats-server` is installed by tooling/scripts/install/nats-server.mjs
// (run by `npm test`); when it is missing the test fails with the install command.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** The nats-server binary, or a thrown error that says how to install it. */
export function natsServerBinary(): string {
  for (const candidate of ['/usr/sbin/nats-server', '/usr/bin/nats-server']) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync('which', ['nats-server'], { encoding: 'utf8' });
  const found = which.stdout?.trim();
  if (which.status === 0 && found) return found;
  throw new Error(
    'nats-server is not installed; run `node tooling/scripts/install/nats-server.mjs` (or `apt-get install nats-server`) and run the tests again',
  );
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

/** One node of the test cluster. */
export interface NatsNode {
  readonly name: string;
  readonly port: number;
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
}

/** A running test cluster: its client URLs, its nodes, and the functions that end them. */
export interface NatsCluster {
  readonly servers: readonly string[];
  readonly nodes: readonly NatsNode[];
  /** SIGKILLs one node and waits until the process is reaped. */
  killNode(index: number): Promise<void>;
  /** SIGKILLs every node still running, waits for each, and removes the stores. */
  close(): Promise<void>;
}

/** Starts `size` nodes with `authorization` (a config block) and JetStream, all routed together. */
export async function startNatsCluster(authorization: string, size = 3): Promise<NatsCluster> {
  const binary = natsServerBinary();
  const dir = mkdtempSync(join(tmpdir(), 'g4a-nats-'));
  const ports = [];
  for (let i = 0; i < size * 2; i += 1) ports.push(await freePort());
  const clientPorts = ports.slice(0, size);
  const routePorts = ports.slice(size);
  const nodes: NatsNode[] = [];
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
      `cluster { name: g4a, listen: "127.0.0.1:${routePorts[i]}", routes: [${routes}] }`,
      authorization,
    ].join('\n');
    const file = join(dir, `${name}.conf`);
    writeFileSync(file, config);
    const child = spawn(binary, ['-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4_000);
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    nodes.push({ name, port: clientPorts[i] ?? 0, child, exited });
    child.once('exit', (code) => {
      if (code !== null && code !== 0)
        process.stderr.write(`nats ${name} exited ${code}: ${log}\n`);
    });
  }
  const kill = async (node: NatsNode) => {
    if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
    await node.exited;
  };
  return {
    servers: clientPorts.map((port) => `nats://127.0.0.1:${port}`),
    nodes,
    killNode: async (index) => {
      const node = nodes[index];
      if (node !== undefined) await kill(node);
    },
    close: async () => {
      await Promise.all(nodes.map(kill));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Retries `attempt` until it resolves (JetStream needs a meta leader first), up to `timeoutMs`. */
export async function retry<T>(attempt: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await delay(250);
    }
  }
}
