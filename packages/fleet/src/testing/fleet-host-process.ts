// The child's side of a fleet host run as its own Node process (see host-process.ts): connect as
// the host's user, put the runtime on the fleet (retrying while JetStream elects its leader),
// print `ready`, and shut down cleanly on `stop`.
import { createInterface } from 'node:readline';
import type { NativeRuntime } from '@gate4agent/runtime-native';
import { connect, type NatsConnection } from '@nats-io/transport-node';
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
  /** How long to retry `FleetHost.start` on a fresh cluster. Default 30 s. */
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
 * `FleetHost` for `runtime`, prints `ready` on stdout, and on a `stop` line on stdin closes the
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
  const host = await retryUntil(
    () =>
      FleetHost.start({
        connection,
        hostId: options.hostId,
        runtime: options.runtime,
        capacity: options.capacity,
        agents: options.agents,
        onError: report,
        ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
        ...(options.frameIntervalMs === undefined
          ? {}
          : { frameIntervalMs: options.frameIntervalMs }),
      }),
    options.startTimeoutMs,
  );
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
