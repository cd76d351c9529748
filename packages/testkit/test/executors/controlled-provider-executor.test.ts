import { unwrap, unwrapErr } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ControlledProviderExecutor } from '../../src/executors/controlled-provider-executor.js';
import { controlledSuccessObservation } from '../../src/executors/controlled-success-observation.js';
import { createProcessEvidence } from '../../src/executors/process-evidence.js';
import { createLatch } from '../../src/helpers/latch.js';
import { useFixtureTracking } from '../../src/process/fixture-tracking.js';
import { isProcessAlive } from '../../src/process/process-probe.js';
import { fakeInvocation } from './fake-invocation.js';

useFixtureTracking({ beforeEach, afterEach });

async function waitUntil(condition: () => boolean): Promise<void> {
  const deadline = performance.now() + 15_000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('condition not reached within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('ControlledProviderExecutor', () => {
  it('a long-running operation counts the stop without signalling, then force-kills and defers the first wait', async () => {
    const evidence = createProcessEvidence();
    const executor = new ControlledProviderExecutor({ evidence, successRelease: createLatch() });
    const invocation = fakeInvocation(7, 3);
    const operation = unwrap(executor.start(invocation));
    const pid = evidence.lastPid!;
    expect(evidence).toMatchObject({ starts: 1, stopRequests: 0, forceStopRequests: 0, reaped: 0 });
    expect(evidence.operations).toEqual([
      { bindingId: 3, operationId: 7, requestKey: invocation.requestKey() },
    ]);

    unwrap(operation.requestStop());
    unwrap(operation.requestStop());
    expect(evidence.stopRequests).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isProcessAlive(pid)).toBe(true);
    expect(unwrap(operation.tryWait())).toBeNull();
    expect(unwrap(operation.tryPollResult())).toEqual({ kind: 'pending' });

    unwrap(operation.requestForceStop());
    unwrap(operation.requestForceStop());
    expect(evidence.forceStopRequests).toBe(1);
    await waitUntil(() => !isProcessAlive(pid));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The first wait after the force stop reports nothing, even though the child is gone.
    expect(unwrap(operation.tryWait())).toBeNull();
    expect(evidence.reaped).toBe(0);
    let exit = unwrap(operation.tryWait());
    while (exit === null) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      exit = unwrap(operation.tryWait());
    }
    expect(exit).toEqual({ success: false, code: null });
    expect(evidence).toMatchObject({
      reaped: 1,
      lastStatus: { success: false, code: null, signal: 'SIGKILL' },
    });
    expect(unwrapErr(operation.tryWait()).code).toBe('fixture-child-missing');
  });

  it('successful starts exit 0 and release their result once after the release flag', async () => {
    const evidence = createProcessEvidence();
    const release = createLatch();
    const executor = new ControlledProviderExecutor({
      evidence,
      successfulStartsRemaining: 1,
      successRelease: release,
    });
    const succeeding = unwrap(executor.start(fakeInvocation(1)));
    const longRunning = unwrap(executor.start(fakeInvocation(2)));
    expect(evidence.starts).toBe(2);

    let exit = unwrap(succeeding.tryWait());
    while (exit === null) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      exit = unwrap(succeeding.tryWait());
    }
    expect(exit).toEqual({ success: true, code: 0 });
    expect(evidence).toMatchObject({
      reaped: 1,
      lastStatus: { success: true, code: 0, signal: null },
    });
    expect(unwrap(succeeding.tryPollResult())).toEqual({ kind: 'pending' });
    release.release();
    expect(unwrap(succeeding.tryPollResult())).toEqual({
      kind: 'ready',
      observation: controlledSuccessObservation(),
    });
    expect(unwrap(succeeding.tryPollResult())).toEqual({ kind: 'closed' });
    // The long-running operation never has a result, released or not.
    expect(unwrap(longRunning.tryPollResult())).toEqual({ kind: 'pending' });
    unwrap(longRunning.requestForceStop());
    await waitUntil(() => unwrap(longRunning.tryWait()) !== null);
    expect(evidence.reaped).toBe(2);
  });

  it('dispose kills a still-owned child and records its reap', async () => {
    const evidence = createProcessEvidence();
    const operation = unwrap(
      new ControlledProviderExecutor({ evidence, successRelease: createLatch() }).start(
        fakeInvocation(1),
      ),
    );
    const pid = evidence.lastPid!;
    operation.dispose?.();
    operation.dispose?.();
    await waitUntil(() => evidence.reaped === 1);
    expect(isProcessAlive(pid)).toBe(false);
    expect(evidence.lastStatus).toMatchObject({ success: false, signal: 'SIGKILL' });
    expect(unwrapErr(operation.requestForceStop()).code).toBe('fixture-child-missing');
  });
});
