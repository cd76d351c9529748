export type { FleetHostProcessOptions, ServedFleetHost } from './fleet-host-process.js';
export { serveFleetHostProcess } from './fleet-host-process.js';
export type { HostProcess, HostProcessOptions, HostProcessSignal } from './host-process.js';
export { HOST_READY_LINE, HOST_STOP_LINE, startHostProcess } from './host-process.js';
export type { NatsCluster, NatsNode } from './nats-cluster.js';
export { natsServerBinary, natsServerVersion, startNatsCluster } from './nats-cluster.js';
export { RETRY_INTERVAL_MS, retryUntil } from './retry-until.js';
