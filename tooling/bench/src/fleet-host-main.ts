// A fleet host process for the fleet scenario: a NativeRuntime with the testkit's interactive
// fixture agent and the benchmark provider (the quick program, as in supervised-throughput), put
// on the fleet by `serveFleetHostProcess` of `@gate4agent/fleet/testing`.
// argv: hostId, seed, servers (JSON), session capacity, frame interval (ms).
import { AgentRegistry } from '@gate4agent/agent-catalog';
import { serveFleetHostProcess } from '@gate4agent/fleet/testing';
import { ChildProcessProviderExecutor, NativeRuntime } from '@gate4agent/runtime-native';
import { interactiveAgentSpec } from '@gate4agent/testkit';
import { unwrap } from '@gate4agent/types';
import { PROVIDER_SLOTS } from './bench-side.js';
import { BENCH_PROVIDER, benchProvider } from './kernel-sessions.js';
import { QUICK_PROVIDER } from './provider-programs.js';

const [hostId = 'host', seed = '', servers = '[]', capacity = '4', frameIntervalMs = '100'] =
  process.argv.slice(2);
const spec = interactiveAgentSpec();
const { runtime } = unwrap(
  NativeRuntime.create(unwrap(AgentRegistry.create([spec])), {
    config: { providerStopGraceMs: 1_000 },
    providers: [benchProvider()],
  }),
);
unwrap(
  runtime.installNativeProvider(
    BENCH_PROVIDER,
    PROVIDER_SLOTS,
    new ChildProcessProviderExecutor({
      command: QUICK_PROVIDER.command,
      args: [...QUICK_PROVIDER.args],
    }),
  ),
);
runtime.start();
await serveFleetHostProcess({
  runtime,
  hostId,
  seed,
  servers: JSON.parse(servers) as string[],
  capacity: Number(capacity),
  agents: [spec.id],
  heartbeatMs: 500,
  frameIntervalMs: Number(frameIntervalMs),
});
