// A fleet host process for the fleet scenario: a NativeRuntime with the testkit's interactive
// fixture agent and the benchmark provider (the quick program, as in supervised-throughput), put
// on the fleet by `serveFleetHostProcess` of `@gate4agent/fleet/testing`.
// argv: hostId, seed, servers (JSON), session capacity, frame interval (ms).
import { serveFleetHostProcess } from '@gate4agent/fleet/testing';
import { benchRuntime } from './bench-side.js';

const [hostId = 'host', seed = '', servers = '[]', capacity = '4', frameIntervalMs = '100'] =
  process.argv.slice(2);
const { runtime, agentId } = benchRuntime();
await serveFleetHostProcess({
  runtime,
  hostId,
  seed,
  servers: JSON.parse(servers) as string[],
  capacity: Number(capacity),
  agents: [agentId],
  heartbeatMs: 500,
  frameIntervalMs: Number(frameIntervalMs),
});
