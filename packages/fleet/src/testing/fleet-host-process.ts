// The child's side of a fleet host run as its own Node process (see host-process.ts): connect as
// the host's user, put the runtime on the fleet (retrying while JetStream elects its leader),
// print `ready`, and shut down cleanly on `stop`.
import { createInterface } from 'node:readline';
import type { NativeRuntime } from '@gate4agent/runtime-native';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { DEFAULT_FLEET_REPLICAS, FLEET_HOST_BUCKET } from '../constants.js';
import { FleetHost } from '../host/fleet-host.js';
import { fleetConnectOptions } from '../server/fleet-connect-options.js';
import { HOST_READY_LINE, HOST_STOP_LINE } from './host-process.js';
import { retryUntil } from './retry-until.js';

/** Options of {@link serveFleetHostProcess}. */
export interface FleetHostProcessOptions {
  /** The runtime to put on the fleet, already started; it is disposed on `stop`. */
  readonly runtime: NativeRuntime;
  readonly hostId: string;
  /** The host user's nkey seed (`createFleetUserKey().seed`). */
  readonly seed: string;
  /** Every node's client URL. */
  readonly servers: readonly string[];
  readonly capacity: number;
  readonly agents: readonly string[];
  /** Default `FleetHost`'s. */
  readonly heartbeatMs?: number;
  /** Default `FleetHost`'s. */
  readonly frameIntervalMs?: number;
  /** Replicas of the host bucket when this host creates it. Default `FleetHost`'s (3). */
  readonly replicas?: number;
  /** How long to wait for the cluster's JetStream on a fresh cluster. Default 30 s. */
  readonly startTimeoutMs?: number;
  /** Receives the host's and the connection's errors. Default: written to stderr. */
  readonly onError?: (error: unknown) => void;
}

/** A served host: the pieces, for scripts that do more than serve. */
export interface ServedFleetHost {
  readonly host: FleetHost;
  readonly connection: NatsConnection;
}

/**
 * For a host script run by `startHostProcess`: connects to `servers` as `hostId`, waits until
 * JetStream can hold the host bucket, starts a `FleetHost` for `runtime`, prints `ready` on stdout, and on a `stop` line on stdin closes the
 * host, disposes the runtime, closes the connection, prints `stopped` and exits the process with
 * code 0. Rejects when the host cannot start within `startTimeoutMs`.
 */
export async function serveFleetHostProcess(
  options: FleetHostProcessOptions,
): Promise<ServedFleetHost> {
  const report =
    options.onError ??
    ((error: unknown) => process.stderr.write(`host ${options.hostId}: ${String(error)}\n`));
  const connection = await retryUntil(
    () =>
      connect(
        fleetConnectOptions({
          servers: options.servers,
          userId: options.hostId,
          seed: options.seed,
        }),
      ),
    options.startTimeoutMs,
  );
  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === 'error') report(status.error);
    }
  })();
  // Wait until JetStream can hold the host bucket, then start the host once: a FleetHost.start
  // that fails after it subscribed (its first put timing out) would leave a second, empty host
  // answering this host's commands, so it is never retried here.
  const kvm = new Kvm(connection);
  await retryUntil(
    () =>
      kvm.create(FLEET_HOST_BUCKET, {
        history: 1,
        replicas: options.replicas ?? DEFAULT_FLEET_REPLICAS,
      }),
    options.startTimeoutMs,
  );
  const host = await FleetHost.start({
    connection,
    hostId: options.hostId,
    runtime: options.runtime,
    capacity: options.capacity,
    agents: options.agents,
    onError: report,
    ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    ...(options.frameIntervalMs === undefined ? {} : { frameIntervalMs: options.frameIntervalMs }),
    ...(options.replicas === undefined ? {} : { replicas: options.replicas }),
  });
  process.stdout.write(`${HOST_READY_LINE}\n`);
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() !== HOST_STOP_LINE) return;
    void (async () => {
      await host.close();
      await options.runtime.dispose();
      await connection.close();
      process.stdout.write('stopped\n');
      process.exit(0);
    })();
  });
  return { host, connection };
}
