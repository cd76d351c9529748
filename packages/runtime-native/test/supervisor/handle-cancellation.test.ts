import { ProviderBindingId } from '@gate4agent/tool-protocol';
import { describe, expect, it } from 'vitest';
import { EXIT_KILLED, EXIT_OK } from './support/fake-executor.js';
import { successObservation } from './support/fixtures.js';
import { faultKinds, harness } from './support/setup.js';

import { tombstoneOperationOne } from './support/tombstone.js';

describe('cancellation', () => {
  it('a Cancel for an unknown operation blocks detach', () => {
    const { supervisor, port } = harness();
    port.cancel(5);
    supervisor.tick();
    expect(supervisor.state()).toBe('faulted');
    expect(supervisor.drainFaults(8)).toMatchObject([
      { kind: { kind: 'unknown-cancellation' }, blocksDetach: true, operation: { operationId: 5 } },
    ]);
    expect(port.quiesceCalls).toBe(1);
  });

  it('a Cancel naming an owned operation with another request key is an identity mismatch', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    port.cancel(1, 'grant-revoked', { localId: 99, setFlag: false });
    supervisor.tick();
    expect(faultKinds(supervisor)).toEqual(['cancellation-identity-mismatch']);
    expect(supervisor.snapshot().operations[0]!.stopCause).toEqual({ kind: 'supervisor-fault' });
    supervisor.tick();
    expect(executor.op(1).stopCalls).toBe(1);
  });

  it('a Cancel with another binding id than the tombstone is an identity mismatch', () => {
    const { supervisor, port, executor } = harness();
    tombstoneOperationOne(supervisor, port, executor);
    port.cancel(1, 'grant-revoked', { binding: ProviderBindingId.of(2) });
    supervisor.tick();
    expect(faultKinds(supervisor)).toEqual(['cancellation-identity-mismatch']);
  });

  it('a late Cancel is consumed by the tombstone exactly once', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    executor.op(1).exitOnStop = EXIT_KILLED;
    supervisor.beginRetirement();
    supervisor.tick();
    expect(supervisor.drainExitAcks(8)[0]).toMatchObject({ stopCause: { kind: 'retirement' } });
    port.workFenced = false;
    port.cancel(1);
    port.cancel(1);
    supervisor.tick();
    expect(faultKinds(supervisor)).toEqual(['unknown-cancellation']);
  });

  it('a Cancel drops a pending completion: a cancelled operation never submits', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    executor.op(1).poll = { kind: 'ready', observation: successObservation() };
    executor.op(1).exit = EXIT_OK;
    supervisor.tick();
    port.cancel(1);
    supervisor.tick();
    expect(port.completions).toHaveLength(0);
    expect(supervisor.snapshot().operations).toEqual([]);
    expect(supervisor.drainFaults(8)).toEqual([]);
  });

  it('a pending completion whose token is cancelled waits for the Cancel instead of submitting', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    executor.op(1).poll = { kind: 'ready', observation: successObservation() };
    executor.op(1).exit = EXIT_OK;
    supervisor.tick();
    port.invocations.get(1)!.flag.cancel();
    supervisor.tick();
    expect(port.completions).toHaveLength(0);
    expect(supervisor.snapshot().operations[0]).toMatchObject({ resultReady: false });
    port.cancel(1);
    supervisor.tick();
    expect(supervisor.snapshot().operations).toEqual([]);
  });

  it('a Cancel while the receipt is awaited is remembered as the stop cause', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    executor.op(1).poll = { kind: 'ready', observation: successObservation() };
    executor.op(1).exit = EXIT_OK;
    supervisor.tick();
    supervisor.tick();
    port.cancel(1, 'deadline-elapsed');
    supervisor.tick();
    expect(supervisor.snapshot().operations[0]).toMatchObject({
      resultReady: true,
      stopCause: { kind: 'cancellation', reason: 'deadline-elapsed' },
    });
    port.receipt(1, { kind: 'ignored', reason: 'deadline-elapsed' });
    supervisor.tick();
    expect(supervisor.snapshot().operations).toEqual([]);
    // The reason was seen, so no tombstone: another Cancel is unknown.
    port.cancel(1);
    supervisor.tick();
    expect(faultKinds(supervisor)).toEqual(['unknown-cancellation']);
  });

  it('a Cancel after an exit acked without a stop leaves that ack without a cause', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    executor.op(1).exit = EXIT_OK;
    supervisor.tick();
    expect(supervisor.snapshot().bufferedExitAcks).toBe(1);
    port.cancel(1);
    supervisor.tick();
    expect(supervisor.drainExitAcks(8)[0]).toMatchObject({
      stopCause: null,
      stopSignalAttempted: false,
    });
    expect(supervisor.snapshot().operations).toEqual([]);
    expect(supervisor.drainFaults(8)).toEqual([]);
  });

  it('a Cancel that arrives with the stop reaps and acks in the same tick', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    supervisor.tick();
    executor.op(1).exitOnStop = EXIT_KILLED;
    port.cancel(1, 'client-closed');
    const report = supervisor.tick();
    expect(report).toMatchObject({ stopSignals: 1, physicalExitAcks: 1, workReceived: 1 });
    expect(supervisor.drainExitAcks(8)[0]).toMatchObject({
      stopSignalAttempted: true,
      stopSignalled: true,
      forceStopAttempted: false,
      stopCause: { kind: 'cancellation', reason: 'client-closed' },
    });
  });
});
