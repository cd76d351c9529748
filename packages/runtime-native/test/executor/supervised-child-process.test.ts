import type { ProviderInvocation } from '@gate4agent/handle';
import { processGroupGone } from '@gate4agent/process';
import {
  findFixtureProcesses,
  fixtureRunTag,
  isProcessAlive,
  trackProcess,
  useFixtureTracking,
} from '@gate4agent/testkit';
import { unwrap } from '@gate4agent/types';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChildProcessProviderOperation } from '../../src/executor/child-process-provider-operation.js';
import type { PhysicalExitAck } from '../../src/supervisor/physical-exit-ack.js';
import { ProviderSupervisor } from '../../src/supervisor/provider-supervisor.js';
import { FakeRuntimePort } from '../supervisor/support/fake-runtime-port.js';
import { providerDescriptor } from '../supervisor/support/fixtures.js';
import {
  fixtureExecutor,
  reapStartedGroups,
  sleep,
  startedGroups,
  waitUntil,
} from './support/executor-harness.js';

useFixtureTracking({ beforeEach, afterEach });
afterEach(async () => {
  expect(await reapStartedGroups()).toEqual([]);
});
afterAll(() => {
  expect(findFixtureProcesses(fixtureRunTag())).toEqual([]);
});

describe('the supervisor over real child processes', () => {
  it('force-stops a SIGTERM-ignoring child after the grace, reaps it and says so in the ack', async () => {
    const executor = fixtureExecutor('ignores-sigterm');
    const operations: ChildProcessProviderOperation[] = [];
    const recording = {
      start(invocation: ProviderInvocation) {
        const started = executor.start(invocation);
        if (started.ok) {
          trackProcess(started.value.pid, 'ignores-sigterm', { group: true });
          startedGroups.add(started.value.pid);
          operations.push(started.value);
        }
        return started;
      },
    };
    const port = new FakeRuntimePort();
    const supervisor = unwrap(
      ProviderSupervisor.newWithStopGrace(providerDescriptor(), port, recording, 25),
    );
    port.invoke(1);
    supervisor.tick();
    const pid = operations[0]!.pid;
    // The fixture announces itself once its SIGTERM handler is installed.
    await waitUntil(() => operations[0]!.stdoutBytes() > 0, 'the fixture announcement');

    port.cancel(1, 'grant-revoked');
    const acks: PhysicalExitAck[] = [];
    await waitUntil(() => {
      supervisor.tick();
      acks.push(...supervisor.drainExitAcks(8));
      return acks.length > 0;
    }, 'the physical exit ack');

    expect(acks).toEqual([
      {
        providerId: 'gate.browser.physical-e2e',
        bindingId: 1,
        operation: expect.objectContaining({ operationId: 1 }),
        exit: { success: false, code: null },
        stopSignalAttempted: true,
        stopSignalled: true,
        forceStopAttempted: true,
        forceStopSignalled: true,
        stopCause: { kind: 'cancellation', reason: 'grant-revoked' },
      },
    ]);
    expect(isProcessAlive(pid)).toBe(false);
    expect(processGroupGone(pid)).toBe(true);
    expect(supervisor.snapshot().operations).toEqual([]);
    expect(supervisor.drainFaults(8)).toEqual([]);
  });

  it('retirement stops every child and detaches only once all are reaped', async () => {
    const executor = fixtureExecutor('long-running');
    const port = new FakeRuntimePort();
    const supervisor = unwrap(
      ProviderSupervisor.newWithStopGrace(
        providerDescriptor(),
        port,
        {
          start(invocation: ProviderInvocation) {
            const started = executor.start(invocation);
            if (started.ok) {
              trackProcess(started.value.pid, 'long-running', { group: true });
              startedGroups.add(started.value.pid);
            }
            return started;
          },
        },
        25,
      ),
    );
    for (let id = 1; id <= 3; id += 1) port.invoke(id);
    supervisor.tick();
    expect(startedGroups.size).toBe(3);
    supervisor.beginRetirement();
    const acks: PhysicalExitAck[] = [];
    await waitUntil(() => {
      supervisor.tick();
      acks.push(...supervisor.drainExitAcks(8));
      return supervisor.state() === 'closing';
    }, 'the detach request');
    const byOperation = [...acks].sort((a, b) => a.operation.operationId - b.operation.operationId);
    expect(
      byOperation.map((ack) => [ack.operation.operationId, ack.stopCause, ack.stopSignalled]),
    ).toEqual([
      [1, { kind: 'retirement' }, true],
      [2, { kind: 'retirement' }, true],
      [3, { kind: 'retirement' }, true],
    ]);
    expect([...startedGroups].some((pgid) => !processGroupGone(pgid))).toBe(false);
    expect(port.closeCalls).toBe(1);
    await sleep(0);
  });
});
