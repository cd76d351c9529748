// Branches of the upstream supervisor that the scenario tests reach without pinning: each test
// here fails if the branch is dropped or reordered.
import { ProviderRuntimeError } from '@gate4agent/handle';
import { err, ok, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  MAX_PROVIDER_FORCE_STOP_ATTEMPTS,
  MAX_PROVIDER_SUPERVISOR_EVENTS,
  MAX_PROVIDER_SUPERVISOR_WORK_PER_TICK,
} from '../../src/constants.js';
import { emptyProviderSupervisorTick } from '../../src/supervisor/provider-supervisor-tick.js';
import { EXIT_KILLED, EXIT_OK } from './support/fake-executor.js';
import { OTHER_CAPABILITY_ID, successObservation } from './support/fixtures.js';
import { faultKinds, GRACE, harness } from './support/setup.js';
import { submitted } from './support/submitted.js';
import { tombstoneOperationOne } from './support/tombstone.js';

const CANCELLED = { kind: 'cancellation', reason: 'grant-revoked' } as const;

describe('blocking faults', () => {
  it('fence operations already ticked earlier in the same pass', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    port.invoke(2);
    supervisor.tick();
    executor.op(2).waitError = 'fake-wait-failed';
    supervisor.tick();
    expect(supervisor.snapshot().operations.map((op) => op.stopCause)).toEqual([
      { kind: 'supervisor-fault' },
      { kind: 'supervisor-fault' },
    ]);
    expect(executor.op(1).stopCalls).toBe(0);
  });

  it('a quiesce refused as inactive while the binding is active blocks detach', () => {
    const { supervisor, port } = harness();
    port.invoke(1);
    supervisor.tick();
    port.quiesceResults.push(err(ProviderRuntimeError.inactive()));
    expect(unwrapErr(supervisor.beginRetirement())).toEqual(ProviderRuntimeError.inactive());
    expect(supervisor.state()).toBe('faulted');
    expect(supervisor.drainFaults(8)).toMatchObject([
      {
        kind: { kind: 'runtime-quiesce-failed', error: ProviderRuntimeError.inactive() },
        blocksDetach: true,
      },
    ]);
  });

  it('drainFaults(0) leaves a pending overflow report in place', () => {
    const h = harness();
    const total = MAX_PROVIDER_SUPERVISOR_EVENTS + MAX_PROVIDER_SUPERVISOR_WORK_PER_TICK;
    for (let id = 1; id <= total; id += 1) h.port.cancel(id);
    while (h.port.work.length > 0) h.supervisor.tick();
    const dropped = total - MAX_PROVIDER_SUPERVISOR_EVENTS;
    expect(h.supervisor.drainFaults(0)).toEqual([]);
    expect(h.supervisor.snapshot()).toMatchObject({
      droppedFaults: dropped,
      bufferedFaults: MAX_PROVIDER_SUPERVISOR_EVENTS + 1,
    });
    expect(h.supervisor.drainFaults(1)).toMatchObject([
      { kind: { kind: 'fault-buffer-overflow', dropped } },
    ]);
  });
});

describe('stop causes', () => {
  it('a failed wait after a stop attempt leaves the cause to the Cancel', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    port.invocations.get(1)!.flag.cancel();
    executor.op(1).waitError = 'fake-wait-failed';
    supervisor.tick();
    expect(faultKinds(supervisor)).toEqual(['wait-failed']);
    expect(supervisor.snapshot().operations[0]).toMatchObject({
      stopSignalAttempted: true,
      stopCause: null,
    });
    executor.op(1).waitError = null;
    port.cancel(1);
    supervisor.tick();
    expect(supervisor.snapshot().operations[0]!.stopCause).toEqual(CANCELLED);
  });

  it('retirement leaves the cause of an operation already being stopped to its Cancel', () => {
    const { supervisor, port } = harness();
    port.invoke(1);
    supervisor.tick();
    port.invocations.get(1)!.flag.cancel();
    supervisor.tick();
    supervisor.beginRetirement();
    expect(supervisor.snapshot().operations[0]).toMatchObject({
      stopSignalAttempted: true,
      stopCause: null,
    });
    port.cancel(1);
    supervisor.tick();
    expect(supervisor.snapshot().operations[0]!.stopCause).toEqual(CANCELLED);
  });

  it('a held ack is released with the supervisor-fault cause when the runtime closes', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    port.invocations.get(1)!.flag.cancel();
    executor.op(1).exitOnStop = EXIT_KILLED;
    supervisor.tick();
    expect(supervisor.snapshot()).toMatchObject({
      bufferedExitAcks: 0,
      exitAckBackpressured: true,
    });
    port.runtimeState = 'closed';
    supervisor.tick();
    expect(supervisor.drainExitAcks(8)).toMatchObject([
      { stopSignalAttempted: true, stopCause: { kind: 'supervisor-fault' } },
    ]);
    expect(supervisor.snapshot().operations).toEqual([]);
    expect(faultKinds(supervisor)).toEqual(['runtime-completion-failed']);
  });

  it('an ack reports a force stop that was attempted but never accepted', () => {
    const { supervisor, port, executor, clock } = harness();
    port.invoke(1);
    supervisor.tick();
    executor.op(1).failForceStops = MAX_PROVIDER_FORCE_STOP_ATTEMPTS;
    port.cancel(1);
    supervisor.tick();
    clock.advance(GRACE);
    for (let i = 0; i < MAX_PROVIDER_FORCE_STOP_ATTEMPTS; i += 1) supervisor.tick();
    executor.op(1).exit = EXIT_KILLED;
    supervisor.tick();
    expect(supervisor.drainExitAcks(8)).toMatchObject([
      {
        stopSignalled: true,
        forceStopAttempted: true,
        forceStopSignalled: false,
        stopCause: CANCELLED,
      },
    ]);
  });
});

describe('results and receipts', () => {
  it('an exited operation whose token is cancelled stops polling for its result', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    executor.op(1).exit = EXIT_OK;
    supervisor.tick();
    const polls = executor.op(1).pollCalls;
    port.invocations.get(1)!.flag.cancel();
    executor.op(1).poll = { kind: 'ready', observation: successObservation() };
    supervisor.tick();
    expect(executor.op(1).pollCalls).toBe(polls);
    expect(supervisor.snapshot().operations[0]).toMatchObject({
      resultReady: false,
      stopSignalAttempted: false,
    });
  });

  it('a mismatched receipt for a cancelled operation whose Cancel is queued leaves a tombstone', () => {
    const h = harness();
    submitted(h, [1]);
    h.port.invocations.get(1)!.flag.cancel();
    h.port.receipt(1, { kind: 'applied' }, { sequence: 999 });
    h.supervisor.tick();
    expect(faultKinds(h.supervisor)).toEqual(['observation-outcome-mismatch']);
    h.port.cancel(1);
    h.supervisor.tick();
    expect(faultKinds(h.supervisor)).toEqual([]);
  });

  it('the runtime closing forgets submitted observations: a late receipt mismatches twice', () => {
    const h = harness();
    submitted(h, [1]);
    h.port.invoke(2);
    h.supervisor.tick();
    h.port.runtimeState = 'closed';
    h.supervisor.tick();
    expect(faultKinds(h.supervisor)).toEqual(['runtime-completion-failed']);
    h.port.receipt(1);
    h.supervisor.tick();
    expect(faultKinds(h.supervisor)).toEqual([
      'observation-outcome-mismatch',
      'observation-outcome-mismatch',
    ]);
  });
});

describe('work and lifecycle', () => {
  it('an unknown capability is checked before a cancelled token', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1, { capabilityId: OTHER_CAPABILITY_ID }).flag.cancel();
    supervisor.tick();
    expect(faultKinds(supervisor)).toEqual(['invalid-executor-observation']);
    expect(supervisor.snapshot().operations[0]).toMatchObject({ resultReady: true });
    expect(executor.starts).toBe(0);
  });

  it('a tombstone conflicts with an invocation by operation id alone', () => {
    const { supervisor, port, executor } = harness();
    tombstoneOperationOne(supervisor, port, executor);
    port.invoke(1, { localId: 7 });
    supervisor.tick();
    expect(faultKinds(supervisor)).toEqual(['conflicting-invocation']);
    expect(executor.starts).toBe(1);
  });

  it('a retiring supervisor reads no work while the binding is attaching', () => {
    const { supervisor, port } = harness();
    port.invoke(1);
    supervisor.tick();
    port.runtimeState = 'attaching';
    port.quiesceResults.push(ok());
    expect(supervisor.beginRetirement().ok).toBe(true);
    port.invoke(2);
    expect(supervisor.tick().workReceived).toBe(0);
    expect(port.work).toHaveLength(1);
  });

  it('a closed supervisor reads neither receipts nor work', () => {
    const { supervisor, port } = harness();
    port.runtimeState = 'closed';
    supervisor.beginRetirement();
    expect(supervisor.state()).toBe('closed');
    port.receipt(1, { kind: 'applied' }, { sequence: 5 });
    port.invoke(2);
    expect(supervisor.tick()).toEqual(emptyProviderSupervisorTick());
    expect([port.outcomes.length, port.work.length]).toEqual([1, 1]);
    expect(supervisor.drainFaults(8)).toEqual([]);
  });
});
