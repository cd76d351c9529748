// startNatsCluster against the real nats-server: it resolves once every node serves clients, and a
// node that cannot start rejects with its own log and leaves no process behind.
import { createConnection } from 'node:net';
import { isProcessAlive } from '@gate4agent/testkit';
import { describe, expect, it } from 'vitest';
import { startNatsCluster } from '../../src/testing/index.js';

/** Whether a TCP connection to 127.0.0.1:`port` opens (no retry). */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('startNatsCluster', () => {
  it('resolves once every node accepts clients, and close ends every node', async () => {
    const cluster = await startNatsCluster('', 3);
    const pids = cluster.nodes.map((node) => node.child.pid ?? 0);
    try {
      expect(await Promise.all(cluster.nodes.map((node) => accepts(node.port)))).toEqual([
        true,
        true,
        true,
      ]);
      expect(cluster.servers).toEqual(cluster.nodes.map((n) => `nats://127.0.0.1:${n.port}`));
    } finally {
      await cluster.close();
    }
    expect(pids.filter((pid) => isProcessAlive(pid))).toEqual([]);
  }, 60_000);

  it('rejects with the log of a node that exits before it is ready', async () => {
    await expect(startNatsCluster('authorization {{ not a config', 2)).rejects.toThrow(
      /nats-server n\d exited \(1\) before it was ready: .*\S/s,
    );
  }, 60_000);
});
