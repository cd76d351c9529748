import type { Gate4AgentHandle } from '@gate4agent/handle';
import { CONTROL_FIXTURE_ID, driveUntil } from '@gate4agent/testkit';
import { AgentId, AgentInstanceId, ProviderRuntimePolicy, unwrap } from '@gate4agent/types';
import type { NativeRuntime } from '../../../src/runtime/native-runtime.js';
import { command, startRequest, trackedTicks } from './fixtures.js';

/** Registers and starts the interactive fixture as instance `id` and ticks until it runs. */
export async function startFixtureSession(
  handle: Gate4AgentHandle,
  runtime: NativeRuntime,
  id: number,
) {
  const instanceId = AgentInstanceId.of(id);
  unwrap(
    handle.dispatch(
      command(1, {
        kind: 'register',
        instanceId,
        agentId: AgentId.of(CONTROL_FIXTURE_ID),
        transport: 'pty',
      }),
    ),
  );
  unwrap(
    handle.dispatch(
      command(2, {
        kind: 'start',
        instanceId,
        runtimePolicy: ProviderRuntimePolicy.rawPty(),
        request: startRequest({ rows: 24, columns: 80 }),
      }),
    ),
  );
  await driveUntil(
    () => handle.snapshot().sessions[0]?.status.kind === 'running',
    trackedTicks(runtime, handle),
  );
  return { instanceId, generation: handle.snapshot().sessions[0]!.generation };
}
