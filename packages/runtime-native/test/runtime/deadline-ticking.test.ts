// Not upstream: tool deadlines count logical ticks (runtime-native §17.4), so the event-driven host
// driver must keep ticking while a request is open, even one that only waits for approval.
import { driveUntil, interactiveAgentSpec, useFixtureTracking } from '@gate4agent/testkit';
import { ToolActorId } from '@gate4agent/tool-protocol';
import { unwrap } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NativeRuntime } from '../../src/runtime/native-runtime.js';
import { grant, providerDescriptor, providerId, registry, request } from './support/fixtures.js';
import { NeverExitingExecutor } from './support/never-exiting-executor.js';
import { startFixtureSession } from './support/start-fixture-session.js';

useFixtureTracking({ beforeEach, afterEach });

const runtimes: NativeRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose();
});

describe('NativeRuntime host driver and tool deadlines', () => {
  it('keeps ticking while a request awaits approval, so its deadline elapses unattended', async () => {
    const [handle, runtime] = unwrap(
      NativeRuntime.newWithToolProviders(registry(interactiveAgentSpec()), {}, [
        providerDescriptor(),
      ]),
    );
    runtimes.push(runtime);
    const { instanceId, generation } = await startFixtureSession(handle, runtime, 4_701);
    unwrap(runtime.installNativeProvider(providerId(), 8, new NeverExitingExecutor()));
    const client = unwrap(runtime.toolAuthority().bindClient(ToolActorId.of('agent.deadline')));
    const completions = client.subscribeCompletions(8);
    unwrap(
      runtime.toolAuthority().dispatch({
        kind: 'set-grant',
        grant: grant(client, instanceId, generation, 'require-approval'),
      }),
    );
    runtime.tick();
    runtime.tick();
    const tick = client.snapshot().currentTick;
    unwrap(client.dispatch({ ...request(1, instanceId, generation), deadlineTick: tick + 20 }));

    runtime.start();
    runtime.wake();
    let outcome: unknown = null;
    await driveUntil(() => {
      const next = completions.tryRecv();
      if (next.ok && next.value.kind === 'completion') outcome = next.value.completion.outcome;
      return outcome !== null;
    });
    await runtime.stop();
    expect(outcome).toEqual({ kind: 'timed-out', cancellation: 'not-required' });
    expect(runtime.driverError()).toBeNull();
  });
});
