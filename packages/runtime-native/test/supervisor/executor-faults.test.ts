// What the supervisor does with an executor that throws or answers outside its contract, and the
// deadlines it exposes so a host can tick exactly when a grace or exit-proof window ends.
import { describe, expect, it } from 'vitest';
import { PROVIDER_EXIT_PROOF_TIMEOUT } from '../../src/constants.js';
import { EXIT_KILLED } from './support/fake-executor.js';
import { faultKinds, GRACE, harness } from './support/setup.js';

describe('an executor that misbehaves', () => {
  it('a tryWait that throws once keeps the operation owned, stops it and acks it once', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    const operation = executor.op(1);
    const tryWait = operation.tryWait.bind(operation);
    let throws = 1;
    operation.tryWait = () => {
      if (throws-- > 0) throw new Error('wait exploded');
      return tryWait();
    };
    supervisor.tick();
    expect(supervisor.state()).toBe('faulted');
    expect(supervisor.snapshot().operations).toHaveLength(1);
    const faults = supervisor.drainFaults(16);
    expect(faults).toMatchObject([
      {
        kind: { kind: 'executor-threw', method: 'try-wait', message: 'wait exploded' },
        blocksDetach: true,
      },
    ]);
    supervisor.tick();
    expect(operation.stopCalls).toBe(1);
    operation.exit = EXIT_KILLED;
    supervisor.tick();
    expect(supervisor.drainExitAcks(16)).toMatchObject([
      { operation: { operationId: 1 }, exit: EXIT_KILLED, stopCause: { kind: 'supervisor-fault' } },
    ]);
    supervisor.tick();
    expect(supervisor.drainExitAcks(16)).toEqual([]);
  });

  it('a start that throws is a failed start with its completion, not a lost invoke', () => {
    const { supervisor, port, executor } = harness();
    executor.start = () => {
      throw new Error('start exploded');
    };
    port.invoke(1);
    supervisor.tick();
    expect(faultKinds(supervisor)).toEqual(['executor-threw']);
    // Owned, not lost (the blocking fault quiesced the binding, so the kernel completes it).
    expect(supervisor.snapshot().operations.map((op) => op.operation.operationId)).toEqual([1]);
    // The Cancel that follows meets a known operation: no unknown-cancellation.
    port.cancel(1, 'deadline-elapsed');
    supervisor.tick();
    expect(faultKinds(supervisor)).toEqual([]);
    expect(supervisor.snapshot().operations).toEqual([]);
  });

  it('values outside the contract are invalid-executor-value faults naming the method', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    const operation = executor.op(1);
    operation.tryPollResult = () => ({ ok: true, value: { kind: 'perhaps' } }) as never;
    supervisor.tick();
    expect(supervisor.drainFaults(16).map((fault) => fault.kind)).toEqual([
      { kind: 'invalid-executor-value', method: 'try-poll-result' },
    ]);
  });

  it('without a pid, a broken executor is given up on with exit-unproven and acked once', () => {
    const { supervisor, port, executor, clock } = harness();
    port.invoke(1);
    supervisor.tick();
    const operation = executor.op(1);
    operation.tryWait = () => {
      throw new Error('never answers');
    };
    let acks = 0;
    for (let tick = 0; tick < 20; tick += 1) {
      supervisor.tick();
      clock.advance(PROVIDER_EXIT_PROOF_TIMEOUT);
      acks += supervisor.drainExitAcks(16).length;
    }
    expect(acks).toBe(1);
    expect(faultKinds(supervisor)).toContain('exit-unproven');
  });
});

describe('nextDeadline', () => {
  it('is the end of the stop grace, then of the exit-proof window, then nothing', () => {
    const { supervisor, port, executor, clock } = harness();
    port.invoke(1);
    supervisor.tick();
    expect(supervisor.nextDeadline()).toBeNull();
    port.cancel(1);
    const stoppedAt = clock.now();
    supervisor.tick();
    expect(supervisor.nextDeadline()).toBe(stoppedAt + GRACE);
    clock.advance(GRACE);
    supervisor.tick();
    expect(executor.op(1).forceStopCalls).toBe(1);
    expect(supervisor.nextDeadline()).toBe(clock.now() + PROVIDER_EXIT_PROOF_TIMEOUT);
    executor.op(1).exit = EXIT_KILLED;
    supervisor.tick();
    expect(supervisor.nextDeadline()).toBeNull();
  });
});
