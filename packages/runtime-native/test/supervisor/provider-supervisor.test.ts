import { createFakeClock } from '@gate4agent/testkit';
import { ToolProviderId } from '@gate4agent/tool-protocol';
import { Gate4AgentError, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROVIDER_STOP_GRACE,
  MAX_PROVIDER_FORCE_STOP_ATTEMPTS,
  MIN_PROVIDER_STOP_GRACE,
} from '../../src/constants.js';
import { ProviderSupervisor } from '../../src/supervisor/provider-supervisor.js';
import { EXIT_KILLED, EXIT_OK, FakeExecutor } from './support/fake-executor.js';
import { FakeRuntimePort } from './support/fake-runtime-port.js';
import {
  PROVIDER_ID,
  providerDescriptor,
  requestKey,
  successObservation,
} from './support/fixtures.js';
import { harness } from './support/setup.js';

describe('ProviderSupervisor construction', () => {
  it('rejects an invalid descriptor', () => {
    const descriptor = { ...providerDescriptor(), capabilities: [] };
    const built = ProviderSupervisor.new(descriptor, new FakeRuntimePort(), new FakeExecutor());
    expect(unwrapErr(built).kind).toBe('invalid-descriptor');
  });

  it('rejects a descriptor for another provider than the runtime binding', () => {
    const port = new FakeRuntimePort(ToolProviderId.of('gate.other'));
    const built = ProviderSupervisor.new(providerDescriptor(), port, new FakeExecutor());
    expect(unwrapErr(built)).toEqual({
      kind: 'provider-mismatch',
      message: `provider descriptor ${PROVIDER_ID} does not match the runtime binding of provider gate.other; build the supervisor with the descriptor of gate.other or bind the runtime port to ${PROVIDER_ID}`,
    });
  });

  it('rejects a negative or non-finite grace as misuse', () => {
    const make = (grace: number) => () =>
      ProviderSupervisor.newWithStopGrace(
        providerDescriptor(),
        new FakeRuntimePort(),
        new FakeExecutor(),
        grace,
      );
    expect(make(-1)).toThrow(Gate4AgentError);
    expect(make(Number.NaN)).toThrow(Gate4AgentError);
  });

  it('starts running with an empty snapshot', () => {
    const { supervisor } = harness();
    expect(supervisor.descriptor()).toEqual(providerDescriptor());
    expect(supervisor.state()).toBe('running');
    expect(supervisor.snapshot()).toEqual({
      providerId: PROVIDER_ID,
      bindingId: 1,
      state: 'running',
      runtimeState: 'active',
      operations: [],
      closeSequence: null,
      bufferedExitAcks: 0,
      bufferedFaults: 0,
      droppedFaults: 0,
      exitAckBackpressured: false,
    });
  });
});

/** Starts operation 1, cancels it and returns when its stop was accepted at clock 1000. */
function stoppedOperation(grace?: number) {
  const clock = createFakeClock(1_000);
  const port = new FakeRuntimePort();
  const executor = new FakeExecutor();
  const supervisor =
    grace === undefined
      ? unwrap(ProviderSupervisor.new(providerDescriptor(), port, executor, { now: clock.now }))
      : unwrap(
          ProviderSupervisor.newWithStopGrace(providerDescriptor(), port, executor, grace, {
            now: clock.now,
          }),
        );
  port.invoke(1);
  supervisor.tick();
  port.invocations.get(1)!.flag.cancel();
  supervisor.tick();
  expect(executor.op(1).stopCalls).toBe(1);
  return { clock, supervisor, executor };
}

describe('stop grace', () => {
  it('force-stops after the default 5 s grace and not before', () => {
    const { clock, supervisor, executor } = stoppedOperation();
    clock.advance(DEFAULT_PROVIDER_STOP_GRACE - 1);
    supervisor.tick();
    expect(executor.op(1).forceStopCalls).toBe(0);
    clock.advance(1);
    expect(supervisor.tick().forceStopSignals).toBe(1);
    expect(executor.op(1).forceStopCalls).toBe(1);
  });

  it('clamps a zero grace to 1 ms', () => {
    const { clock, supervisor, executor } = stoppedOperation(0);
    supervisor.tick();
    expect(executor.op(1).forceStopCalls).toBe(0);
    clock.advance(MIN_PROVIDER_STOP_GRACE);
    supervisor.tick();
    expect(executor.op(1).forceStopCalls).toBe(1);
  });

  it('escalates with the real clock too', async () => {
    const port = new FakeRuntimePort();
    const executor = new FakeExecutor();
    executor.configure = (operation) => {
      operation.exitOnForceStop = EXIT_KILLED;
    };
    const supervisor = unwrap(
      ProviderSupervisor.newWithStopGrace(providerDescriptor(), port, executor, 25),
    );
    port.invoke(1);
    supervisor.tick();
    port.cancel(1);
    const acks = [];
    while (acks.length === 0) {
      supervisor.tick();
      acks.push(...supervisor.drainExitAcks(8));
      if (acks.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(acks[0]).toMatchObject({
      stopSignalAttempted: true,
      stopSignalled: true,
      forceStopAttempted: true,
      forceStopSignalled: true,
      stopCause: { kind: 'cancellation', reason: 'grant-revoked' },
      exit: EXIT_KILLED,
    });
    expect(executor.op(1).forceStopCalls).toBe(1);
  });
});

/** A fake executor that signals its progress, so a host need not poll it. */
class SignallingExecutor extends FakeExecutor {
  onActivity(_listener: () => void): () => void {
    return () => undefined;
  }
}

describe('host scheduling', () => {
  it('asks to be polled while an executor without an activity signal owns a live operation', () => {
    const { port, supervisor, executor } = harness();
    expect(supervisor.ownedOperationCount()).toBe(0);
    expect(supervisor.needsTick()).toBeNull();
    port.invoke(1);
    supervisor.tick();
    expect(supervisor.ownedOperationCount()).toBe(1);
    expect(supervisor.needsTick()).toBe('poll');
    executor.op(1).poll = { kind: 'ready', observation: successObservation() };
    executor.op(1).exit = EXIT_OK;
    supervisor.tick();
    // The completion is ready to submit: the next tick is due at once.
    expect(supervisor.needsTick()).toBe('now');
    expect(supervisor.tick().observationsSubmitted).toBe(1);
    expect(supervisor.ownedOperationCount()).toBe(1);
    expect(supervisor.needsTick()).toBeNull();
  });

  it('with an activity signal waits for it and for its exact deadlines, and polls a retried stop', () => {
    const port = new FakeRuntimePort();
    const executor = new SignallingExecutor();
    const clock = createFakeClock(1_000);
    const supervisor = unwrap(
      ProviderSupervisor.newWithStopGrace(providerDescriptor(), port, executor, 25, {
        now: clock.now,
      }),
    );
    port.invoke(1);
    supervisor.tick();
    expect(supervisor.ownedOperationCount()).toBe(1);
    expect(supervisor.needsTick()).toBeNull();
    expect(supervisor.nextDeadline()).toBeNull();

    executor.op(1).failStops = 2;
    port.cancel(1);
    supervisor.tick();
    expect(supervisor.snapshot().operations[0]).toMatchObject({
      stopSignalAttempted: true,
      stopSignalled: false,
    });
    expect(supervisor.needsTick()).toBe('poll');
    clock.advance(0.5);
    supervisor.tick();
    expect(supervisor.snapshot().operations[0]).toMatchObject({ stopSignalled: true });
    expect(supervisor.needsTick()).toBeNull();
    expect(supervisor.nextDeadline()).toBe(1_025.5);

    // Past the grace, with every force stop refused: no deadline is left to act on, only polling.
    executor.op(1).failForceStops = MAX_PROVIDER_FORCE_STOP_ATTEMPTS;
    clock.advance(25);
    for (let attempt = 0; attempt < MAX_PROVIDER_FORCE_STOP_ATTEMPTS; attempt += 1) {
      supervisor.tick();
    }
    expect(executor.op(1).forceStopCalls).toBe(MAX_PROVIDER_FORCE_STOP_ATTEMPTS);
    expect(supervisor.nextDeadline()).toBeNull();
    expect(supervisor.needsTick()).toBe('poll');
  });
});

describe('drains', () => {
  it('drainExitAcks and drainFaults return nothing for limit 0 and reject bad limits', () => {
    const { supervisor, port } = harness();
    port.cancel(9);
    supervisor.tick();
    expect(supervisor.drainFaults(0)).toEqual([]);
    expect(supervisor.drainExitAcks(0)).toEqual([]);
    expect(() => supervisor.drainFaults(-1)).toThrow(Gate4AgentError);
    expect(() => supervisor.drainExitAcks(1.5)).toThrow(Gate4AgentError);
    expect(supervisor.drainFaults(1)).toHaveLength(1);
  });
});

describe('dispose', () => {
  it('force-stops each live physical operation once, then disposes them and closes the binding', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    port.invoke(2);
    port.invoke(3);
    supervisor.tick();
    port.invocations.get(2)!.flag.cancel();
    executor.op(3).exit = EXIT_KILLED;
    supervisor.tick();
    expect(executor.op(2).stopCalls).toBe(1);

    supervisor.dispose();
    supervisor.dispose();
    expect(executor.op(1).forceStopCalls).toBe(1);
    expect(executor.op(2).forceStopCalls).toBe(1);
    expect(executor.op(3).forceStopCalls).toBe(0);
    expect([1, 2, 3].map((id) => executor.op(id).disposeCalls)).toEqual([1, 1, 1]);
    expect(port.closeCalls).toBe(1);
    const operations = supervisor.snapshot().operations;
    expect(operations.map((op) => [op.stopSignalAttempted, op.stopCause])).toEqual([
      [true, { kind: 'retirement' }],
      [true, { kind: 'retirement' }],
      [false, null],
    ]);
    expect(operations[0]!.operation.requestKey).toEqual(requestKey(1));
    expect(() => supervisor.tick()).toThrow(Gate4AgentError);
    expect(() => supervisor.beginRetirement()).toThrow(Gate4AgentError);
  });
});
