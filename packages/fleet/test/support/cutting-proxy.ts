// A TCP proxy on 127.0.0.1 in front of one NATS node, for tests that need a connection to drop at
// an exact moment: `hold()` keeps what the server sends back, `cut()` closes every connection and
// throws away what it held (as a dying node would lose it). The client reconnects through it.
import { createServer, type Socket, connect as tcpConnect } from 'node:net';

/** A running proxy; see {@link startCuttingProxy}. */
export interface CuttingProxy {
  /** `nats://127.0.0.1:<port>` of the proxy. */
  readonly url: string;
  /** From now on, keep what the server sends instead of passing it on. */
  hold(): void;
  /** Resolves once what the proxy holds contains `text`. */
  held(text: string): Promise<void>;
  /** Closes every connection, drops what was held, and passes everything on again. */
  cut(): void;
  /** Closes every connection and the listener. */
  close(): Promise<void>;
}

/** Starts a proxy that forwards connections to `127.0.0.1:<port>`. */
export async function startCuttingProxy(port: number): Promise<CuttingProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let holding = false;
  let kept = '';
  const waiters = new Set<() => void>();
  const server = createServer((client) => {
    const upstream = tcpConnect(port, '127.0.0.1');
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (!holding) {
        client.write(chunk);
        return;
      }
      kept += chunk.toString('latin1');
      for (const wake of [...waiters]) wake();
    });
    for (const socket of pair) {
      socket.on('close', end);
      socket.on('error', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const proxyPort = typeof address === 'object' && address !== null ? address.port : 0;
  const cut = () => {
    for (const [client, upstream] of [...pairs]) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
    holding = false;
    kept = '';
  };
  return {
    url: `nats://127.0.0.1:${proxyPort}`,
    hold: () => {
      holding = true;
    },
    held: async (text) => {
      while (!kept.includes(text)) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
        });
      }
    },
    cut,
    close: async () => {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
