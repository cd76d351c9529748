// The child's side of a fleet host run as its own Node process (see host-process.ts): connect as
// the host's user, put the runtime on the fleet (retrying while JetStream elects its leader),
// print `ready`, and shut down cleanly on `stop`.
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import type { NativeRuntime } from '@gate4agent/runtime-native';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { FleetHost } from '../host/fleet-host.js';
import { fleetConnectOptions } from '../server/fleet-connect-options.js';
import { HOST_READY_LINE, HOST_STOP_LINE } from './host-process.js';
import { RETRY_INTERVAL_MS } from './retry-until.js';

const START_TIMEOUT_MS = 30_000;

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
  /** How long to retry the start while the cluster's JetStream gets ready. Default 30 s. */
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
 * For a host script run by `startHostProcess`: connects to `servers` as `hostId`, starts a
 * `FleetHost` for `runtime` (retried on a fresh connection while the cluster's JetStream gets
 * ready), prints `ready` on stdout, and on a `stop` line on stdin closes the
 * host, disposes the runtime, closes the connection, prints `stopped` and exits the process with
 * code 0. Rejects when the host cannot start within `startTimeoutMs`.
 */
export async function serveFleetHostProcess(
  options: FleetHostProcessOptions,
): Promise<ServedFleetHost> {
  const report =
    options.onError ??
    ((error: unknown) => process.stderr.write(`host ${options.hostId}: ${String(error)}\n`));
  // FleetHost.start subscribes to the host's commands before its first put; when that put fails
  // (a fresh or loaded cluster), the half-started host would keep answering this host's commands
  // with an empty state. So every attempt gets its own connection, and a failed attempt's
  // connection is closed (taking that subscription with it) and its errors go unreported.
  const deadline = performance.now() + (options.startTimeoutMs ?? START_TIMEOUT_MS);
  let served: ServedFleetHost | undefined;
  while (served === undefined) {
    let abandoned = false;
    let connection: NatsConnection | undefined;
    try {
      connection = await connect(
        fleetConnectOptions({
          servers: options.servers,
          userId: options.hostId,
          seed: options.seed,
        }),
      );
      const host = await FleetHost.start({
        connection,
        hostId: options.hostId,
        runtime: options.runtime,
        capacity: options.capacity,
        agents: options.agents,
        onError: (error) => {
          if (!abandoned) report(error);
        },
        ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
        ...(options.frameIntervalMs === undefined
          ? {}
          : { frameIntervalMs: options.frameIntervalMs }),
        ...(options.replicas === undefined ? {} : { replicas: options.replicas }),
      });
      served = { host, connection };
    } catch (error) {
      abandoned = true;
      await connection?.close().catch(() => undefined);
      if (performance.now() > deadline) throw error;
      await delay(RETRY_INTERVAL_MS);
    }
  }
  const { host, connection } = served;
  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === 'error') report(status.error);
    }
  })();
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
  return served;
}
