import type { Gate4AgentHandle } from '@gate4agent/handle';
import { driveUntil } from '@gate4agent/testkit';
import { AgentInstanceId } from '@gate4agent/types';
import type { NativeRuntime } from '../../../src/runtime/native-runtime.js';
import { trackedTicks } from './fixtures.js';
import { startPtyInstance } from './start-pty-instance.js';

/** Registers and starts the interactive fixture as instance `id` and ticks until it runs. */
export async function startFixtureSession(
  handle: Gate4AgentHandle,
  runtime: NativeRuntime,
  id: number,
) {
  const instanceId = startPtyInstance(handle, { instanceId: AgentInstanceId.of(id) });
  await driveUntil(
    () => handle.snapshot().sessions[0]?.status.kind === 'running',
    trackedTicks(runtime, handle),
  );
  return { instanceId, generation: handle.snapshot().sessions[0]!.generation };
}
