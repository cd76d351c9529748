import { ProviderRuntimeError } from '@gate4agent/handle';
import { err, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { EXIT_KILLED, EXIT_OK } from './support/fake-executor.js';
import { successObservation } from './support/fixtures.js';
import { faultKinds, GRACE, harness } from './support/setup.js';

describe('retirement', () => {
  it('drains a live operation through stop, grace, force stop and reap, then detaches', () => {
    const { supervisor, port, executor, clock } = harness();
    port.invoke(1);
    supervisor.tick();
    expect(supervisor.beginRetirement()).toEqual({ ok: true, value: undefined });
    expect(supervisor.beginRetirement().ok).toBe(true);
    expect(port.quiesceCalls).toBe(1);
    expect(supervisor.state()).toBe('draining');
    expect(supervisor.snapshot().operations[0]!.stopCause).toEqual({ kind: 'retirement' });

    expect(supervisor.tick().stopSignals).toBe(1);
    clock.advance(GRACE);
    executor.op(1).exitOnForceStop = EXIT_KILLED;
    const forced = supervisor.tick();
    expect(forced).toMatchObject({
      forceStopSignals: 1,
      physicalExitAcks: 1,
      closeRequested: true,
    });
    expect(supervisor.drainExitAcks(8)).toMatchObject([
      {
        exit: EXIT_KILLED,
        stopSignalAttempted: true,
        stopSignalled: true,
        forceStopAttempted: true,
        forceStopSignalled: true,
        stopCause: { kind: 'retirement' },
      },
    ]);
    expect(supervisor.state()).toBe('closing');
    expect(supervisor.snapshot()).toMatchObject({ closeSequence: 100, operations: [] });
    supervisor.tick();
    expect(supervisor.state()).toBe('closing');

    port.runtimeState = 'closed';
    supervisor.tick();
    expect(supervisor.state()).toBe('closed');
    expect(supervisor.tick()).toMatchObject({ workReceived: 0, faultsRecorded: 0 });
    expect(supervisor.drainFaults(8)).toEqual([]);
  });

  it('a retiring supervisor drops pending completions and operations waiting for a Cancel', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    port.invoke(2);
    supervisor.tick();
    executor.op(1).poll = { kind: 'ready', observation: successObservation() };
    executor.op(1).exit = EXIT_OK;
    supervisor.tick();
    port.invocations.get(2)!.flag.cancel();
    port.invoke(3).flag.cancel();
    executor.op(2).exitOnStop = EXIT_KILLED;
    port.completeResults.push(err(ProviderRuntimeError.full()));
    supervisor.tick();
    expect(supervisor.snapshot().operations.map((op) => op.operation.operationId)).toEqual([
      1, 2, 3,
    ]);
    supervisor.beginRetirement();
    supervisor.tick();
    // Operation 2 exited after a stop whose reason is still unknown: it waits for its Cancel.
    expect(supervisor.snapshot().operations.map((op) => op.operation.operationId)).toEqual([2]);
    expect(port.completions).toHaveLength(0);
    port.workFenced = false;
    port.cancel(2);
    port.cancel(1);
    port.cancel(3);
    supervisor.tick();
    expect(supervisor.snapshot().operations).toEqual([]);
    expect(
      supervisor.drainExitAcks(8).map((ack) => [ack.operation.operationId, ack.stopCause]),
    ).toEqual([
      [1, null],
      [2, { kind: 'cancellation', reason: 'grant-revoked' }],
    ]);
    expect(supervisor.drainFaults(8)).toEqual([]);
    expect(supervisor.state()).toBe('closing');
  });

  it('retiring while the runtime is already closed and nothing is owned closes at once', () => {
    const { supervisor, port } = harness();
    port.runtimeState = 'closed';
    supervisor.beginRetirement();
    expect(supervisor.state()).toBe('closed');
    expect(port.quiesceCalls + port.closeCalls).toBe(0);
  });

  it('retiring after the runtime closed under live operations neither quiesces nor closes', () => {
    const { supervisor, port } = harness();
    port.invoke(1);
    supervisor.tick();
    port.runtimeState = 'closed';
    expect(supervisor.beginRetirement().ok).toBe(true);
    expect(supervisor.state()).toBe('draining');
    expect(port.quiesceCalls + port.closeCalls).toBe(0);
    expect(supervisor.snapshot().operations[0]!.stopCause).toEqual({ kind: 'retirement' });
  });

  it('an invocation that arrives during retirement is tombstoned and its Cancel consumed', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    supervisor.beginRetirement();
    port.invoke(2);
    supervisor.tick();
    expect(executor.starts).toBe(1);
    port.cancel(2);
    supervisor.tick();
    expect(supervisor.drainFaults(8)).toEqual([]);
    expect(supervisor.snapshot().operations.map((op) => op.operation.operationId)).toEqual([1]);
  });

  it('retiring an attaching binding with nothing owned requests the detach at once', () => {
    const { supervisor, port } = harness();
    port.runtimeState = 'attaching';
    supervisor.beginRetirement();
    expect(port.closeCalls).toBe(1);
    expect(supervisor.snapshot()).toMatchObject({ state: 'closing', closeSequence: 100 });
  });

  it('a quiesce refused as inactive while closing is tolerated; any other refusal blocks detach', () => {
    const closing = harness();
    closing.port.runtimeState = 'closing';
    closing.port.invoke(1);
    closing.supervisor.tick();
    closing.port.quiesceResults.push(err(ProviderRuntimeError.inactive()));
    expect(closing.supervisor.beginRetirement().ok).toBe(true);
    expect(closing.supervisor.state()).toBe('draining');

    const refused = harness();
    refused.port.quiesceResults.push(err(ProviderRuntimeError.disconnected()));
    expect(unwrapErr(refused.supervisor.beginRetirement())).toEqual(
      ProviderRuntimeError.disconnected(),
    );
    expect(refused.supervisor.state()).toBe('faulted');
    expect(refused.supervisor.drainFaults(8)).toMatchObject([
      {
        kind: { kind: 'runtime-quiesce-failed', error: ProviderRuntimeError.disconnected() },
        blocksDetach: true,
      },
    ]);
    refused.supervisor.tick();
    expect(refused.supervisor.state()).toBe('closing');
  });

  it('a full ingress on close leaves the supervisor closing and retries on the next tick', () => {
    const { supervisor, port } = harness();
    port.closeResults.push(err(ProviderRuntimeError.full()));
    supervisor.beginRetirement();
    const first = supervisor.tick();
    expect(first.closeRequested).toBe(false);
    expect(supervisor.snapshot()).toMatchObject({ state: 'closing', closeSequence: null });
    expect(supervisor.tick().closeRequested).toBe(true);
    expect(port.closeCalls).toBe(2);
    expect(supervisor.snapshot().closeSequence).toBe(100);
  });

  it('a close refused as inactive because the runtime just closed means closed', () => {
    const { supervisor, port } = harness();
    supervisor.beginRetirement();
    port.closeResults.push(() => {
      port.runtimeState = 'closed';
      return err(ProviderRuntimeError.inactive());
    });
    supervisor.tick();
    expect(supervisor.state()).toBe('closed');
    expect(supervisor.drainFaults(8)).toEqual([]);
  });

  it('a close refused as inactive while the runtime is not closed blocks detach', () => {
    const { supervisor, port } = harness();
    supervisor.beginRetirement();
    port.closeResults.push(err(ProviderRuntimeError.inactive()));
    supervisor.tick();
    expect(supervisor.state()).toBe('faulted');
    expect(faultKinds(supervisor)).toEqual(['runtime-close-failed']);
  });

  it('any other close refusal blocks detach with runtime-close-failed', () => {
    const { supervisor, port } = harness();
    supervisor.beginRetirement();
    port.closeResults.push(err(ProviderRuntimeError.disconnected()));
    supervisor.tick();
    expect(supervisor.drainFaults(8)).toMatchObject([
      {
        kind: { kind: 'runtime-close-failed', error: ProviderRuntimeError.disconnected() },
        blocksDetach: true,
      },
    ]);
    expect(supervisor.state()).toBe('faulted');
    supervisor.tick();
    expect(supervisor.state()).toBe('closing');
  });
});

describe('runtime closed under the supervisor', () => {
  it('without retirement: blocks detach, drops non-physical operations and fences physical ones', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    port.invoke(2);
    port.invoke(3);
    supervisor.tick();
    executor.op(1).poll = { kind: 'ready', observation: successObservation() };
    executor.op(1).exit = EXIT_OK;
    port.invocations.get(3)!.flag.cancel();
    supervisor.tick();
    port.runtimeState = 'closed';
    supervisor.tick();
    expect(supervisor.state()).toBe('faulted');
    expect(supervisor.drainFaults(8)).toMatchObject([
      {
        kind: { kind: 'runtime-completion-failed', error: ProviderRuntimeError.inactive() },
        operation: null,
      },
    ]);
    const operations = supervisor.snapshot().operations;
    expect(operations.map((op) => [op.operation.operationId, op.stopCause])).toEqual([
      [2, { kind: 'supervisor-fault' }],
      [3, { kind: 'supervisor-fault' }],
    ]);
    executor.op(2).exit = EXIT_KILLED;
    executor.op(3).exit = EXIT_KILLED;
    supervisor.tick();
    expect(
      supervisor.drainExitAcks(8).map((ack) => [ack.operation.operationId, ack.stopCause]),
    ).toEqual([
      [1, null],
      [2, { kind: 'supervisor-fault' }],
      [3, { kind: 'supervisor-fault' }],
    ]);
    // Closed but faulted: only retirement clears the blocking fault.
    expect(supervisor.snapshot().operations).toEqual([]);
    expect(supervisor.state()).toBe('faulted');
    supervisor.tick();
    expect(supervisor.state()).toBe('faulted');
    supervisor.beginRetirement();
    expect(supervisor.state()).toBe('closed');
  });

  it('while retiring: fenced with the retirement cause and closed once nothing is owned', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    executor.op(1).failStops = 3;
    supervisor.beginRetirement();
    port.runtimeState = 'closed';
    supervisor.tick();
    expect(supervisor.snapshot().operations[0]!.stopCause).toEqual({ kind: 'retirement' });
    expect(supervisor.state()).toBe('faulted');
    executor.op(1).exit = EXIT_KILLED;
    supervisor.tick();
    expect(supervisor.state()).toBe('closed');
    expect(faultKinds(supervisor)).toEqual([
      'runtime-completion-failed',
      'stop-signal-failed',
      'stop-signal-failed',
    ]);
  });
});
