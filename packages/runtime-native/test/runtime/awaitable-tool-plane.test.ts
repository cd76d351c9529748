// The awaitable tool plane over a real runtime: an AbortSignal cancels a request whose provider
// operation is a real child process (ChildProcessProviderExecutor), and the cancellation reaches
// the process and its physical-exit ack under one name: `client-cancelled`.
import type { NativeProviderExecutor, ProviderInvocation } from '@gate4agent/handle';
import {
  CONTROL_FIXTURE_ID,
  FIXTURE_RUN_ENV,
  fixtureRunTag,
  fixtureScriptPath,
  interactiveAgentSpec,
  isProcessAlive,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import { ToolActorId } from '@gate4agent/tool-protocol';
import { AgentId, unwrap } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChildProcessProviderExecutor } from '../../src/executor/child-process-provider-executor.js';
import { NativeRuntime } from '../../src/runtime/native-runtime.js';
import type { PhysicalExitAck } from '../../src/supervisor/physical-exit-ack.js';
import { grant, providerDescriptor, providerId, registry, request } from './support/fixtures.js';

useFixtureTracking({ beforeEach, afterEach });

const runtimes: NativeRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose();
});

/** A child-process executor over the long-running fixture that records each child's pid. */
function recordingExecutor(pids: Map<number, number>): NativeProviderExecutor {
  const executor = new ChildProcessProviderExecutor({
    command: process.execPath,
    args: [fixtureScriptPath('long-running')],
    env: { [FIXTURE_RUN_ENV]: fixtureRunTag() },
  });
  return {
    start(invocation: ProviderInvocation) {
      const started = executor.start(invocation);
      if (started.ok) {
        trackProcess(started.value.pid, 'long-running provider', { group: true });
        pids.set(invocation.operationId(), started.value.pid);
      }
      return started;
    },
    onActivity: (listener) => executor.onActivity(listener),
  };
}

describe('awaitable tool plane on a NativeRuntime', () => {
  it('cancels a request whose AbortSignal is aborted mid-flight down to the child and its exit ack', async () => {
    const { runtime } = unwrap(
      NativeRuntime.create(registry(interactiveAgentSpec()), {
        providers: [providerDescriptor()],
        config: { providerStopGraceMs: 200 },
      }),
    );
    runtimes.push(runtime);
    await using session = await runtime.launchAgent(AgentId.of(CONTROL_FIXTURE_ID));
    if (session.processId !== null) trackProcess(session.processId, 'agent', { group: true });
    const generation = session.generation;
    if (generation === null) throw new Error('expected a running session');

    const acks = runtime.subscribeProviderExitAcks(16);
    const pids = new Map<number, number>();
    unwrap(runtime.installNativeProvider(providerId(), 8, recordingExecutor(pids)));
    const client = unwrap(runtime.toolClient(ToolActorId.of('agent.awaitable')));
    await runtime.waitUntil(() => client.snapshot().availableProviders.includes(providerId()));
    await runtime.toolAuthority().grant(grant(client, session.instanceId, generation, 'allow'));

    const controller = new AbortController();
    const completion = client.request(request(1, session.instanceId, generation), {
      signal: controller.signal,
    });
    const pid = await runtime.waitUntil(() => [...pids.values()][0]);
    expect(isProcessAlive(pid)).toBe(true);
    controller.abort();

    const done = await completion;
    expect(done.outcome.kind).toBe('client-cancelled');
    const operationId = done.operationId;
    expect(operationId).not.toBeNull();

    let ack: PhysicalExitAck | undefined;
    for await (const next of acks) {
      if (next.operation.operationId === operationId) {
        ack = next;
        break;
      }
    }
    expect(ack?.stopCause).toEqual({ kind: 'cancellation', reason: 'client-cancelled' });
    expect(ack?.stopSignalAttempted).toBe(true);
    expect(ack?.operation.requestKey.localId).toBe(1);
    expect(pids.get(operationId ?? -1)).toBe(pid);
    expect(isProcessAlive(pid)).toBe(false);
    // A subscriber took the ack, so the drain buffer stays empty.
    expect(runtime.drainProviderExitAcks(8)).toEqual([]);
    unwrap(await runtime.shutdownNativeProviders());
  });

  it('reports a listener that throws to onListenerError and keeps ticking', async () => {
    const reported: unknown[] = [];
    const { handle, runtime } = unwrap(
      NativeRuntime.create(registry(interactiveAgentSpec()), {
        onListenerError: (error) => reported.push(error),
      }),
    );
    runtimes.push(runtime);
    const boom = new Error('listener bug');
    runtime.onPublish(() => {
      throw boom;
    });
    let later = 0;
    runtime.onPublish(() => {
      later += 1;
    });
    const tick = runtime.tick();
    expect(tick.snapshotRevision).toBe(handle.snapshot().revision);
    expect(reported).toEqual([boom]);
    expect(later).toBe(1);
  });

  it('rejects waitUntil with disposed when the runtime is disposed first', async () => {
    const { runtime } = unwrap(NativeRuntime.create(registry(interactiveAgentSpec())));
    const waiting = runtime.waitUntil(() => false);
    await runtime.dispose();
    await expect(waiting).rejects.toMatchObject({ kind: 'disposed' });
  });

  it('rejects waitUntil with the abort reason and stops listening', async () => {
    const { runtime } = unwrap(NativeRuntime.create(registry(interactiveAgentSpec())));
    runtimes.push(runtime);
    const controller = new AbortController();
    let checks = 0;
    const waiting = runtime.waitUntil(
      () => {
        checks += 1;
        return false;
      },
      { signal: controller.signal },
    );
    runtime.tick();
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    runtime.tick();
    expect(checks).toBe(2);
  });
});
