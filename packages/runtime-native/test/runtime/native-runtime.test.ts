import type { Gate4AgentHandle } from '@gate4agent/handle';
import { interactiveAgentSpec, isProcessAlive, useFixtureTracking } from '@gate4agent/testkit';
import type { CapabilityProviderDescriptor } from '@gate4agent/tool-protocol';
import { ConsumerId, ToolActorId, ToolProviderId } from '@gate4agent/tool-protocol';
import { AgentInstanceId, unwrap } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NativeRuntime } from '../../src/runtime/native-runtime.js';
import {
  command,
  grant,
  providerDescriptor,
  providerId,
  registry,
  request,
} from './support/fixtures.js';
import { NeverExitingExecutor } from './support/never-exiting-executor.js';
import { startFixtureSession } from './support/start-fixture-session.js';
import { startPtyInstance } from './support/start-pty-instance.js';

useFixtureTracking({ beforeEach, afterEach });

const runtimes: NativeRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose();
});

function runtimeWith(
  providers: CapabilityProviderDescriptor[],
  config: Parameters<typeof NativeRuntime.newWithToolProviders>[1] = {},
): [Gate4AgentHandle, NativeRuntime] {
  const built = unwrap(
    NativeRuntime.newWithToolProviders(registry(interactiveAgentSpec()), config, providers),
  );
  runtimes.push(built[1]);
  return built;
}

describe('NativeRuntime provider management', () => {
  it('refuses unknown providers, consumer-owned providers and retiring what is not installed', () => {
    const consumerOwned: CapabilityProviderDescriptor = {
      ...providerDescriptor(),
      id: ToolProviderId.of('consumer.browser.e2e'),
      owner: { kind: 'consumer', consumerId: ConsumerId.of('gate4agent-client-1') },
    };
    const [, runtime] = runtimeWith([providerDescriptor(), consumerOwned]);
    const unknown = runtime.installNativeProvider(
      ToolProviderId.of('gate.absent'),
      8,
      new NeverExitingExecutor(),
    );
    expect(!unknown.ok && unknown.error.kind).toBe('unknown-provider');
    expect(!unknown.ok && unknown.error.message).toBe(
      "tool provider 'gate.absent' is not registered in this native runtime; add its descriptor to the runtime's providers or use a registered provider id",
    );
    const owned = runtime.installNativeProvider(consumerOwned.id, 8, new NeverExitingExecutor());
    expect(!owned.ok && owned.error.kind).toBe('unsupported-owner');
    const retire = runtime.retireNativeProvider(providerId());
    expect(!retire.ok && retire.error.kind).toBe('not-installed');
    expect(runtime.nativeProviderSnapshot(providerId())).toBeNull();
    expect(runtime.nativeProviderShutdownComplete()).toBe(true);
    expect(runtime.drainProviderExitAcks(8)).toEqual([]);
    expect(runtime.drainProviderFaults(8)).toEqual([]);
  });

  it('rejects a duplicate provider at construction with the tool engine error', () => {
    const built = NativeRuntime.newWithToolProviders(registry(interactiveAgentSpec()), {}, [
      providerDescriptor(),
      providerDescriptor(),
    ]);
    expect(built.ok).toBe(false);
  });

  it('numbers bindings from the shared provider-runtime sequence and refuses a live reinstall', () => {
    const [, runtime] = runtimeWith([providerDescriptor()]);
    const first = unwrap(
      runtime.installNativeProvider(providerId(), 8, new NeverExitingExecutor()),
    );
    expect(first).toBe(1);
    expect(runtime.nativeProviderSnapshot(providerId())!.runtimeState).toBe('attaching');
    runtime.tick();
    expect(runtime.nativeProviderSnapshot(providerId())!.runtimeState).toBe('active');
    const again = runtime.installNativeProvider(providerId(), 8, new NeverExitingExecutor());
    expect(!again.ok && again.error).toMatchObject({ kind: 'already-installed', state: 'running' });
    unwrap(runtime.retireNativeProvider(providerId()));
    unwrap(runtime.retireNativeProvider(providerId()));
    runtime.tick();
    runtime.tick();
    expect(runtime.nativeProviderSnapshot(providerId())!.state).toBe('closed');
    expect(runtime.nativeProviderShutdownComplete()).toBe(true);
    const second = unwrap(
      runtime.installNativeProvider(providerId(), 8, new NeverExitingExecutor()),
    );
    expect(second).toBeGreaterThan(first);
  });

  it('times out a coordinated shutdown whose operation never proves its exit, keeping it installed', async () => {
    const [handle, runtime] = runtimeWith([providerDescriptor()], {
      providerStopGraceMs: 1,
      providerShutdownTimeoutMs: 50,
      workerPollIntervalMs: 5,
    });
    const { instanceId, generation } = await startFixtureSession(handle, runtime, 4_501);
    const executor = new NeverExitingExecutor();
    unwrap(runtime.installNativeProvider(providerId(), 8, executor));
    runtime.tick();
    const client = unwrap(runtime.toolAuthority().bindClient(ToolActorId.of('agent.wedged')));
    unwrap(
      runtime
        .toolAuthority()
        .dispatch({ kind: 'set-grant', grant: grant(client, instanceId, generation, 'allow') }),
    );
    runtime.tick();
    unwrap(client.dispatch(request(1, instanceId, generation)));
    runtime.tick();
    expect(executor.starts).toBe(1);
    const shutdown = await runtime.shutdownNativeProviders();
    expect(shutdown.ok).toBe(false);
    if (shutdown.ok) return;
    expect(shutdown.error.kind).toBe('timed-out');
    expect(
      shutdown.error.kind === 'timed-out' && shutdown.error.pending.map((s) => s.state),
    ).toEqual(['draining']);
    expect(executor.forceStops).toBe(1);
    expect(runtime.nativeProviderShutdownComplete()).toBe(false);
    expect(runtime.nativeProviderSnapshot(providerId())!.operations).toHaveLength(1);
  });
});

describe('NativeRuntime host driver and ownership', () => {
  it('the host driver runs a session to exit without manual ticks', async () => {
    const [handle, runtime] = runtimeWith([]);
    const instanceId = AgentInstanceId.of(4_601);
    runtime.start();
    startPtyInstance(handle, { instanceId });
    // No wake() and no poll: the dispatch woke the driver, and every publication re-checks.
    await runtime.waitUntil(
      () =>
        handle.snapshot().sessions[0]?.terminalFrame?.contents.includes('fixture-ready>') === true,
    );
    unwrap(handle.dispatch(command(3, { kind: 'stop', instanceId, force: true })));
    await runtime.waitUntil(() => handle.snapshot().sessions[0]?.status.kind === 'exited');
    await runtime.stop();
    expect(runtime.driverError()).toBeNull();
    expect(runtime.activeNativeSessions()).toBe(0);
  });

  it('dispose stops and reaps a live PTY session', async () => {
    const [handle, runtime] = runtimeWith([]);
    await startFixtureSession(handle, runtime, 4_602);
    const pid = handle.snapshot().sessions[0]!.processId!;
    expect(isProcessAlive(pid)).toBe(true);
    await runtime.dispose();
    await runtime.dispose();
    expect(isProcessAlive(pid)).toBe(false);
    expect(runtime.activeNativeSessions()).toBe(0);
    expect(() => runtime.tick()).toThrow(/disposed/);
  });
});
