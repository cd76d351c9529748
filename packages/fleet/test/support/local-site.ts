// A one-node NATS server without authorization and a real NativeRuntime for in-process FleetHost
// and FleetClient tests; `close()` ends the connections it opened, the runtime and the server.
import { AgentRegistry } from '@gate4agent/agent-catalog';
import { NativeRuntime } from '@gate4agent/runtime-native';
import { type AgentSpec, unwrap } from '@gate4agent/types';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type NatsCluster, retryUntil, startNatsCluster } from '../../src/testing/index.js';

/** What {@link startLocalSite} started. */
export interface LocalSite {
  readonly cluster: NatsCluster;
  /** Started, with `specs` as its catalog. */
  readonly runtime: NativeRuntime;
  /** A new connection to the server (retried while it starts), closed by `close()`. */
  connection(): Promise<NatsConnection>;
  close(): Promise<void>;
}

/** Starts the server and a runtime whose catalog holds `specs`. */
export async function startLocalSite(specs: readonly AgentSpec[]): Promise<LocalSite> {
  const cluster = await startNatsCluster('', 1);
  const runtime = unwrap(NativeRuntime.create(unwrap(AgentRegistry.create([...specs])))).runtime;
  runtime.start();
  const connections: NatsConnection[] = [];
  return {
    cluster,
    runtime,
    connection: async () => {
      const nc = await retryUntil(() => connect({ servers: [...cluster.servers] }));
      connections.push(nc);
      return nc;
    },
    close: async () => {
      await runtime.dispose();
      for (const nc of connections) await nc.close().catch(() => undefined);
      await cluster.close();
    },
  };
}
