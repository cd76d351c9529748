// Not upstream: ARCHITECTURE decision 9, an idle runtime schedules no tick and a producer wakes it.
import type {
  NativeProviderExecutor,
  NativeProviderOperation,
  ProviderInvocation,
} from '@gate4agent/handle';
import { interactiveAgentSpec } from '@gate4agent/testkit';
import type { ToolFailure } from '@gate4agent/tool-protocol';
import { AgentInstanceId, err, type Result, unwrap } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NativeRuntime } from '../../src/runtime/native-runtime.js';
import { command, providerDescriptor, providerId, registry } from './support/fixtures.js';

/** Starts nothing; only its activity signal matters here. */
class SignallingExecutor implements NativeProviderExecutor {
  readonly listeners = new Set<() => void>();
  unsubscribed = 0;

  start(_invocation: ProviderInvocation): Result<NativeProviderOperation, ToolFailure> {
    return err({ kind: 'unavailable', redactedMessage: 'not used' });
  }

  onActivity(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.unsubscribed += 1;
      this.listeners.delete(listener);
    };
  }

  signal(): void {
    for (const listener of this.listeners) listener();
  }
}

const stop = (id: number) =>
  command(id, { kind: 'stop', instanceId: AgentInstanceId.of(9_001), force: false });

let runtimes: NativeRuntime[] = [];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  for (const runtime of runtimes) await runtime.dispose();
  runtimes = [];
  vi.useRealTimers();
});

function startedRuntime(config: Parameters<typeof NativeRuntime.newWithToolProviders>[1] = {}) {
  const [handle, runtime] = unwrap(
    NativeRuntime.newWithToolProviders(registry(interactiveAgentSpec()), config, [
      providerDescriptor(),
    ]),
  );
  runtimes.push(runtime);
  const ticks = vi.spyOn(runtime, 'tick');
  runtime.start();
  return { handle, runtime, ticks };
}

/** Runs the scheduled ticks, one event-loop turn at a time, until none is scheduled. */
function settle(): void {
  for (let turn = 0; turn < 16 && vi.getTimerCount() > 0; turn += 1) {
    vi.advanceTimersToNextTimer();
  }
  expect(vi.getTimerCount()).toBe(0);
}

describe('NativeRuntime idle host driver', () => {
  it('an idle started runtime schedules no tick at all', () => {
    const executor = new SignallingExecutor();
    const { runtime, ticks } = startedRuntime();
    unwrap(runtime.installNativeProvider(providerId(), 4, executor));
    settle();
    expect(runtime.nativeProviderSnapshot(providerId())?.runtimeState).toBe('active');
    const settled = ticks.mock.calls.length;
    expect(settled).toBeGreaterThanOrEqual(1);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(600_000);
    expect(ticks.mock.calls.length).toBe(settled);
    expect(runtime.driverError()).toBeNull();
  });

  it('a dispatch wakes it at once, without advancing time', () => {
    const { handle, ticks } = startedRuntime();
    settle();
    const before = ticks.mock.calls.length;
    const now = Date.now();
    unwrap(handle.dispatch(stop(1)));
    expect(ticks.mock.calls.length).toBe(before);
    vi.advanceTimersByTime(0);
    expect(Date.now()).toBe(now);
    expect(ticks.mock.calls.length).toBe(before + 1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('coalesces a burst of dispatches and keeps ticking while ingress is left over', () => {
    const { handle, ticks } = startedRuntime({ maxCommandsPerTick: 1 });
    settle();
    const before = ticks.mock.calls.length;
    for (let id = 1; id <= 3; id += 1) unwrap(handle.dispatch(stop(id)));
    expect(vi.getTimerCount()).toBe(1);
    settle();
    expect(ticks.mock.calls.length).toBe(before + 3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('executor activity wakes it, and the subscription ends with the runtime', async () => {
    const executor = new SignallingExecutor();
    const { runtime, ticks } = startedRuntime();
    unwrap(runtime.installNativeProvider(providerId(), 4, executor));
    settle();
    let passes = 0;
    runtime.onPublish(() => {
      passes += 1;
    });
    const before = ticks.mock.calls.length;
    executor.signal();
    executor.signal();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(0);
    // One coalesced pass of the supervisors; with nothing for the kernel, no kernel step.
    expect(passes).toBe(1);
    expect(ticks.mock.calls.length).toBe(before);
    expect(vi.getTimerCount()).toBe(0);
    await runtime.dispose();
    expect(executor.unsubscribed).toBe(1);
    expect(executor.listeners.size).toBe(0);
  });

  it('a stopped runtime ignores arrivals; a manual tick still works', async () => {
    const { handle, runtime, ticks } = startedRuntime();
    settle();
    await runtime.stop();
    const before = ticks.mock.calls.length;
    unwrap(handle.dispatch(stop(1)));
    expect(vi.getTimerCount()).toBe(0);
    const tick = runtime.tick();
    expect(tick.commandOutcomes).toHaveLength(1);
    expect(ticks.mock.calls.length).toBe(before + 1);
  });
});
