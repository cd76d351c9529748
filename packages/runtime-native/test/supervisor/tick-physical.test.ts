import { describe, expect, it } from 'vitest';
import {
  MAX_PROVIDER_FORCE_STOP_ATTEMPTS,
  MAX_PROVIDER_STOP_SIGNAL_ATTEMPTS,
} from '../../src/constants.js';
import { EXIT_KILLED, EXIT_OK } from './support/fake-executor.js';
import { contractViolation, requestKey, successObservation } from './support/fixtures.js';
import { faultKinds, GRACE, harness } from './support/setup.js';

describe('a physical operation', () => {
  it('runs start → result → exit → ack → completion → receipt with no stop', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    const started = supervisor.tick();
    expect(started).toMatchObject({ workReceived: 1, operationsStarted: 1 });
    expect(supervisor.snapshot().operations).toEqual([
      {
        operation: { bindingId: 1, operationId: 1, requestKey: requestKey(1) },
        capabilityId: 'browser.snapshot',
        deadlineTick: 10_000,
        stopSignalAttempted: false,
        stopSignalled: false,
        forceStopAttempted: false,
        forceStopSignalled: false,
        stopCause: null,
        physicalExit: null,
        resultReady: false,
      },
    ]);

    executor.op(1).poll = { kind: 'ready', observation: successObservation() };
    supervisor.tick();
    expect(supervisor.snapshot().operations[0]).toMatchObject({
      resultReady: true,
      physicalExit: null,
    });

    executor.op(1).exit = EXIT_OK;
    const exited = supervisor.tick();
    expect(exited.physicalExitAcks).toBe(1);
    expect(supervisor.drainExitAcks(8)).toEqual([
      {
        providerId: 'gate.browser.physical-e2e',
        bindingId: 1,
        operation: { bindingId: 1, operationId: 1, requestKey: requestKey(1) },
        exit: EXIT_OK,
        stopSignalAttempted: false,
        stopSignalled: false,
        forceStopAttempted: false,
        forceStopSignalled: false,
        stopCause: null,
      },
    ]);
    // Became a pending completion in the same tick; submitted on the next.
    expect(supervisor.snapshot().operations[0]).toMatchObject({
      resultReady: true,
      physicalExit: null,
    });
    expect(port.completions).toHaveLength(0);

    expect(supervisor.tick().observationsSubmitted).toBe(1);
    expect(port.completions[0]!.observation).toEqual(successObservation());
    port.receipt(1, { kind: 'applied' });
    const received = supervisor.tick();
    expect(received.observationOutcomesReceived).toBe(1);
    expect(supervisor.snapshot().operations).toEqual([]);
    expect(supervisor.drainFaults(8)).toEqual([]);
    expect(supervisor.state()).toBe('running');
    expect(executor.op(1).stopCalls + executor.op(1).forceStopCalls).toBe(0);
  });

  it('an exited operation waits for its result, and a closed result becomes a contract violation', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    executor.op(1).exit = EXIT_OK;
    supervisor.tick();
    expect(supervisor.snapshot().operations[0]).toMatchObject({
      physicalExit: EXIT_OK,
      resultReady: false,
    });
    expect(supervisor.snapshot().exitAckBackpressured).toBe(false);
    executor.op(1).poll = { kind: 'closed' };
    supervisor.tick();
    expect(supervisor.drainFaults(8)).toMatchObject([
      {
        kind: { kind: 'invalid-executor-observation' },
        blocksDetach: false,
        operation: { operationId: 1 },
      },
    ]);
    supervisor.tick();
    expect(port.completions[0]!.observation).toEqual(contractViolation());
    expect(supervisor.state()).toBe('running');
  });

  it('an invalid ready observation is replaced by a contract violation (non-blocking)', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    executor.op(1).poll = {
      kind: 'ready',
      observation: { kind: 'failed', failure: { kind: 'execution', redactedMessage: 'bad\u0007' } },
    };
    executor.op(1).exit = EXIT_OK;
    supervisor.tick();
    supervisor.tick();
    expect(port.completions[0]!.observation).toEqual(contractViolation());
    expect(faultKinds(supervisor)).toEqual(['invalid-executor-observation']);
    expect(supervisor.state()).toBe('running');
  });

  it('stops a cancelled operation, escalates after the grace and holds the ack until the reason is known', () => {
    const { supervisor, port, executor, clock } = harness();
    port.invoke(1);
    supervisor.tick();
    const op = executor.op(1);
    op.poll = { kind: 'ready', observation: successObservation() };
    port.invocations.get(1)!.flag.cancel();

    expect(supervisor.tick()).toMatchObject({ stopSignals: 1, forceStopSignals: 0 });
    expect(op.pollCalls).toBe(0);
    clock.advance(GRACE - 1);
    expect(supervisor.tick().forceStopSignals).toBe(0);
    clock.advance(1);
    expect(supervisor.tick().forceStopSignals).toBe(1);
    expect(supervisor.snapshot().operations[0]).toMatchObject({
      stopSignalAttempted: true,
      stopSignalled: true,
      forceStopAttempted: true,
      forceStopSignalled: true,
      stopCause: null,
    });

    op.exit = EXIT_KILLED;
    expect(supervisor.tick().physicalExitAcks).toBe(0);
    expect(supervisor.snapshot()).toMatchObject({
      bufferedExitAcks: 0,
      exitAckBackpressured: true,
    });

    port.cancel(1, 'grant-revoked');
    const report = supervisor.tick();
    expect(report).toMatchObject({ workReceived: 1, physicalExitAcks: 1 });
    expect(supervisor.drainExitAcks(8)).toEqual([
      expect.objectContaining({
        exit: EXIT_KILLED,
        stopSignalAttempted: true,
        stopSignalled: true,
        forceStopAttempted: true,
        forceStopSignalled: true,
        stopCause: { kind: 'cancellation', reason: 'grant-revoked' },
      }),
    ]);
    expect(supervisor.snapshot().operations).toEqual([]);
    expect(port.completions).toHaveLength(0);
    expect(op.stopCalls).toBe(1);
    expect(op.forceStopCalls).toBe(1);
    // The Cancel was received, so no tombstone is left: a repeated Cancel is unknown.
    port.cancel(1);
    supervisor.tick();
    expect(faultKinds(supervisor)).toEqual(['unknown-cancellation']);
  });

  it('a failed stop is retried; the third failure blocks detach and escalates at once', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    const op = executor.op(1);
    op.failStops = MAX_PROVIDER_STOP_SIGNAL_ATTEMPTS;
    port.invocations.get(1)!.flag.cancel();
    supervisor.tick();
    supervisor.tick();
    expect(supervisor.state()).toBe('running');
    const third = supervisor.tick();
    expect(third).toMatchObject({ stopSignals: 1, forceStopSignals: 1 });
    expect(supervisor.state()).toBe('faulted');
    const faults = supervisor.drainFaults(8);
    expect(faults.map((f) => [f.kind.kind, f.blocksDetach, f.executorErrorCode])).toEqual([
      ['stop-signal-failed', false, 'fake-stop-failed'],
      ['stop-signal-failed', false, 'fake-stop-failed'],
      ['stop-signal-failed', true, 'fake-stop-failed'],
    ]);
    expect(op.stopCalls).toBe(3);
    expect(op.forceStopCalls).toBe(1);
    expect(port.quiesceCalls).toBe(1);
    supervisor.tick();
    expect(op.stopCalls).toBe(3);
    expect(supervisor.snapshot().operations[0]).toMatchObject({
      stopSignalAttempted: true,
      stopSignalled: false,
      forceStopSignalled: true,
    });
  });

  it('a failed force stop is retried; the third failure blocks detach', () => {
    const { supervisor, port, executor, clock } = harness();
    port.invoke(1);
    supervisor.tick();
    const op = executor.op(1);
    op.failForceStops = MAX_PROVIDER_FORCE_STOP_ATTEMPTS;
    port.invocations.get(1)!.flag.cancel();
    supervisor.tick();
    clock.advance(GRACE);
    supervisor.tick();
    supervisor.tick();
    expect(supervisor.state()).toBe('running');
    supervisor.tick();
    expect(supervisor.state()).toBe('faulted');
    supervisor.tick();
    expect(op.forceStopCalls).toBe(MAX_PROVIDER_FORCE_STOP_ATTEMPTS);
    expect(supervisor.drainFaults(8).map((f) => [f.kind.kind, f.blocksDetach])).toEqual([
      ['force-stop-failed', false],
      ['force-stop-failed', false],
      ['force-stop-failed', true],
    ]);
    expect(supervisor.snapshot().operations[0]).toMatchObject({
      forceStopAttempted: true,
      forceStopSignalled: false,
    });
  });

  it('a failed wait blocks detach, gives the operation the supervisor-fault cause and keeps it', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    port.invoke(2);
    supervisor.tick();
    executor.op(1).waitError = 'fake-wait-failed';
    const report = supervisor.tick();
    expect(report.faultsRecorded).toBe(1);
    expect(supervisor.state()).toBe('faulted');
    expect(supervisor.drainFaults(8)).toMatchObject([
      { kind: { kind: 'wait-failed' }, executorErrorCode: 'fake-wait-failed', blocksDetach: true },
    ]);
    expect(supervisor.snapshot().operations.map((op) => op.stopCause)).toEqual([
      { kind: 'supervisor-fault' },
      { kind: 'supervisor-fault' },
    ]);
    // Fenced: the binding is quiesced and both operations are stopped on the next tick.
    expect(port.runtimeState).toBe('closing');
    supervisor.tick();
    expect(executor.op(2).stopCalls).toBe(1);
  });

  it('a failed result poll blocks detach and records a contract-violation result', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    executor.op(1).pollError = 'fake-poll-failed';
    supervisor.tick();
    expect(supervisor.state()).toBe('faulted');
    expect(supervisor.snapshot().operations[0]).toMatchObject({
      resultReady: true,
      stopCause: { kind: 'supervisor-fault' },
    });
    expect(supervisor.drainFaults(8)).toMatchObject([
      {
        kind: { kind: 'result-poll-failed' },
        executorErrorCode: 'fake-poll-failed',
        blocksDetach: true,
      },
    ]);
    executor.op(1).exit = EXIT_KILLED;
    supervisor.tick();
    expect(executor.op(1).pollCalls).toBe(1);
    expect(supervisor.drainExitAcks(8)[0]).toMatchObject({
      stopCause: { kind: 'supervisor-fault' },
    });
    expect(supervisor.snapshot().operations).toEqual([]);
    expect(port.completions).toHaveLength(0);
  });
});
