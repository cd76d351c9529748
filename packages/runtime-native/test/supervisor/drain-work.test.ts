import { describe, expect, it } from 'vitest';
import {
  MAX_PROVIDER_SUPERVISOR_OPERATIONS,
  MAX_PROVIDER_SUPERVISOR_WORK_PER_TICK,
} from '../../src/constants.js';
import { contractViolation, OTHER_CAPABILITY_ID } from './support/fixtures.js';
import { faultKinds, harness } from './support/setup.js';

import { tombstoneOperationOne } from './support/tombstone.js';

describe('work intake', () => {
  it('reads at most one quantum of work per tick', () => {
    const { supervisor, port, executor } = harness({ capacity: 128 });
    for (let id = 1; id <= MAX_PROVIDER_SUPERVISOR_WORK_PER_TICK + 6; id += 1) port.invoke(id);
    expect(supervisor.tick()).toMatchObject({ workReceived: 64, operationsStarted: 64 });
    expect(supervisor.tick()).toMatchObject({ workReceived: 6, operationsStarted: 6 });
    expect(executor.starts).toBe(70);
    expect(supervisor.snapshot().operations.map((op) => op.operation.operationId)).toEqual(
      Array.from({ length: 70 }, (_, index) => index + 1),
    );
  });

  it('reads no work while the binding is attaching', () => {
    const { supervisor, port, executor } = harness();
    port.runtimeState = 'attaching';
    port.invoke(1);
    expect(supervisor.tick().workReceived).toBe(0);
    port.runtimeState = 'active';
    expect(supervisor.tick().operationsStarted).toBe(1);
    expect(executor.starts).toBe(1);
  });

  it('an invocation of a capability the provider does not offer completes as a contract violation', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1, { capabilityId: OTHER_CAPABILITY_ID });
    supervisor.tick();
    expect(executor.starts).toBe(0);
    expect(supervisor.snapshot().operations[0]).toMatchObject({ resultReady: true });
    expect(supervisor.drainFaults(8)).toMatchObject([
      { kind: { kind: 'invalid-executor-observation' }, blocksDetach: false },
    ]);
    expect(supervisor.tick().observationsSubmitted).toBe(1);
    expect(port.completions[0]!.observation).toEqual(contractViolation());
    expect(supervisor.state()).toBe('running');
  });

  it('an invocation already cancelled is never started and waits for its Cancel', () => {
    const { supervisor, port, executor } = harness();
    const invocation = port.invoke(1);
    invocation.flag.cancel();
    supervisor.tick();
    expect(executor.starts).toBe(0);
    expect(supervisor.snapshot().operations[0]).toMatchObject({
      resultReady: false,
      stopCause: null,
    });
    supervisor.tick();
    expect(supervisor.snapshot().operations).toHaveLength(1);
    port.cancel(1);
    supervisor.tick();
    expect(supervisor.snapshot().operations).toEqual([]);
    expect(supervisor.drainFaults(8)).toEqual([]);
  });

  it('a valid start failure becomes the failed observation', () => {
    const { supervisor, port, executor } = harness();
    const failure = { kind: 'unavailable' as const, redactedMessage: 'no browser' };
    executor.failures.set(1, failure);
    port.invoke(1);
    supervisor.tick();
    supervisor.tick();
    expect(port.completions[0]!.observation).toEqual({ kind: 'failed', failure });
    expect(supervisor.drainFaults(8)).toEqual([]);
  });

  it('an invalid start failure is replaced by a contract violation (non-blocking)', () => {
    const { supervisor, port, executor } = harness();
    executor.failures.set(1, { kind: 'execution', redactedMessage: 'line\nbreak' });
    port.invoke(1);
    supervisor.tick();
    supervisor.tick();
    expect(port.completions[0]!.observation).toEqual(contractViolation());
    expect(supervisor.drainFaults(8)).toMatchObject([
      {
        kind: { kind: 'invalid-executor-failure' },
        blocksDetach: false,
        operation: { operationId: 1 },
      },
    ]);
    expect(supervisor.state()).toBe('running');
  });

  it('an operation id already owned conflicts and blocks detach', () => {
    const { supervisor, port, executor } = harness();
    port.invoke(1);
    port.invoke(1, { localId: 2 });
    supervisor.tick();
    expect(executor.starts).toBe(1);
    expect(supervisor.state()).toBe('faulted');
    expect(supervisor.drainFaults(8)).toMatchObject([
      {
        kind: { kind: 'conflicting-invocation' },
        blocksDetach: true,
        operation: { operationId: 1 },
      },
    ]);
  });

  it('an operation id remembered by a tombstone conflicts', () => {
    const { supervisor, port, executor } = harness();
    tombstoneOperationOne(supervisor, port, executor);
    port.invoke(1);
    supervisor.tick();
    expect(executor.starts).toBe(1);
    expect(faultKinds(supervisor)).toEqual(['conflicting-invocation']);
  });

  it('more than the operation limit blocks detach', () => {
    const { supervisor, port } = harness({ capacity: 1_024 });
    for (let id = 1; id <= MAX_PROVIDER_SUPERVISOR_OPERATIONS + 1; id += 1) port.invoke(id);
    for (let tick = 0; tick < 17; tick += 1) supervisor.tick();
    expect(supervisor.snapshot().operations).toHaveLength(MAX_PROVIDER_SUPERVISOR_OPERATIONS);
    expect(supervisor.drainFaults(8)).toMatchObject([
      {
        kind: { kind: 'operation-capacity-exceeded' },
        blocksDetach: true,
        operation: { operationId: 1_025 },
      },
    ]);
    expect(supervisor.state()).toBe('faulted');
  });

  it('an invocation that arrives while faulted is tombstoned, never started', () => {
    const { supervisor, port, executor } = harness();
    port.cancel(7);
    supervisor.tick();
    port.workFenced = false;
    port.invoke(1);
    supervisor.tick();
    expect(executor.starts).toBe(0);
    port.cancel(1);
    supervisor.tick();
    expect(faultKinds(supervisor)).toEqual(['unknown-cancellation']);
    expect(supervisor.snapshot().operations).toEqual([]);
  });
});
