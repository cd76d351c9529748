// Port of the reference E2E (reference/native_provider_supervisor_e2e.rs.txt): a real PTY fixture
// agent, real provider children, the same constants and the same order of operations.
import type { ToolCompletionDelivery } from '@gate4agent/handle';
import {
  CONTROL_FIXTURE_ID,
  ControlledProviderExecutor,
  controlledSuccessResult,
  createCancelPressureEvidence,
  createProcessEvidence,
  driveUntil,
  FIXTURE_TIMEOUT,
  ImmediateStopExecutor,
  interactiveAgentSpec,
  useFixtureTracking,
} from '@gate4agent/testkit';
import type { CapabilityCompletionEnvelope } from '@gate4agent/tool-protocol';
import { CapabilityRequestId, ToolActorId } from '@gate4agent/tool-protocol';
import { AgentId, AgentInstanceId, ProviderRuntimePolicy, unwrap } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NativeRuntime } from '../../src/runtime/native-runtime.js';
import type { PhysicalExitAck } from '../../src/supervisor/physical-exit-ack.js';
import {
  command,
  grant,
  providerDescriptor,
  registry,
  request,
  sleep,
  startRequest,
  trackedTicks,
} from '../runtime/support/fixtures.js';

const RECEIPT_DRAIN_REQUESTS = 10;
const CANCEL_BACKLOG_CLIENTS = 3;
const CANCEL_BACKLOG_REQUESTS_PER_CLIENT = 32;
const CANCEL_BACKLOG_REQUESTS = CANCEL_BACKLOG_CLIENTS * CANCEL_BACKLOG_REQUESTS_PER_CLIENT;

useFixtureTracking({ beforeEach, afterEach });

const runtimes: NativeRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose();
});

async function timeout<T>(what: string, body: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      body(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timeout`)), FIXTURE_TIMEOUT);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function completionOf(delivery: ToolCompletionDelivery): CapabilityCompletionEnvelope {
  if (delivery.kind !== 'completion') throw new Error('expected terminal completion');
  return delivery.completion;
}

describe('native provider supervisor E2E', () => {
  it('native_provider_supervisor_reaps_cancelled_child_before_detach_and_higher_rebind', async () => {
    const provider = providerDescriptor();
    const providerId = provider.id;
    const catalog = registry(interactiveAgentSpec());
    const [handle, runtime] = unwrap(
      NativeRuntime.newWithToolProviders(
        catalog,
        { providerStopGraceMs: 25, providerShutdownTimeoutMs: 2_000, workerPollIntervalMs: 5 },
        [provider],
      ),
    );
    runtimes.push(runtime);
    const authority = runtime.toolAuthority();
    const client = unwrap(authority.bindClient(ToolActorId.of('agent.physical-e2e')));
    const completions = client.subscribeCompletions(32);
    const instanceId = AgentInstanceId.of(4_401);
    unwrap(
      handle.dispatch(
        command(1, {
          kind: 'register',
          instanceId,
          agentId: AgentId.of(CONTROL_FIXTURE_ID),
          transport: 'pty',
        }),
      ),
    );
    unwrap(
      handle.dispatch(
        command(2, {
          kind: 'start',
          instanceId,
          runtimePolicy: ProviderRuntimePolicy.rawPty(),
          request: startRequest({ rows: 24, columns: 80 }),
        }),
      ),
    );
    await driveUntil(
      () => {
        const session = handle.snapshot().sessions[0];
        return (
          session !== undefined &&
          session.status.kind === 'running' &&
          session.terminalFrame?.contents.includes('fixture-ready>') === true
        );
      },
      trackedTicks(runtime, handle),
    );
    const generation = handle.snapshot().sessions[0]!.generation;

    const firstEvidence = createProcessEvidence();
    const firstBinding = unwrap(
      runtime.installNativeProvider(
        providerId,
        8,
        new ControlledProviderExecutor({
          evidence: firstEvidence,
          successfulStartsRemaining: 0,
          successRelease: { isReleased: () => true },
        }),
      ),
    );
    runtime.tick();
    const firstSupervisor = runtime.nativeProviderSnapshot(providerId);
    expect(firstSupervisor).not.toBeNull();
    expect(firstSupervisor!.providerId).toBe(providerId);
    expect(firstSupervisor!.bindingId).toBe(firstBinding);
    expect(firstSupervisor!.state).toBe('running');

    const firstGrant = grant(client, instanceId, generation, 'allow');
    unwrap(authority.dispatch({ kind: 'set-grant', grant: firstGrant }));
    runtime.tick();
    unwrap(client.dispatch(request(1, instanceId, generation)));
    runtime.tick();
    const firstPid = firstEvidence.lastPid;
    expect(firstPid).not.toBeNull();
    expect(firstEvidence.starts).toBe(1);
    const firstOperation = firstEvidence.operations[0]!;
    expect(firstOperation.bindingId).toBe(firstBinding);
    expect(firstOperation.requestKey.localId).toBe(CapabilityRequestId.of(1));

    unwrap(authority.dispatch({ kind: 'revoke-grant', key: firstGrant.key }));
    runtime.tick();
    const revoked = completions.tryRecv();
    expect(revoked.ok).toBe(true);
    const completion = completionOf(unwrap(revoked));
    expect(completion.providerId).toBe(providerId);
    expect(completion.operationId).toBe(firstOperation.operationId);
    expect(completion.requestKey).toEqual(firstOperation.requestKey);
    expect(completion.outcome).toEqual({
      kind: 'grant-revoked',
      cancellation: 'cancel-queued-unconfirmed',
    });
    expect(firstEvidence.stopRequests).toBe(1);
    expect(firstEvidence.forceStopRequests).toBe(0);
    expect(firstEvidence.reaped).toBe(0);

    unwrap(runtime.retireNativeProvider(providerId));
    const duringDrain = runtime.installNativeProvider(
      providerId,
      8,
      new ControlledProviderExecutor({
        evidence: createProcessEvidence(),
        successfulStartsRemaining: 0,
        successRelease: { isReleased: () => true },
      }),
    );
    expect(duringDrain.ok).toBe(false);
    expect(!duringDrain.ok && duringDrain.error).toMatchObject({
      kind: 'already-installed',
      state: 'draining',
    });
    runtime.tick();
    expect(client.snapshot().availableProviders).toEqual([]);
    expect(firstEvidence.reaped).toBe(0);
    const draining = runtime.nativeProviderSnapshot(providerId);
    expect(draining!.state).toBe('draining');
    const unavailable = client.dispatch(request(99, instanceId, generation));
    expect(!unavailable.ok && unavailable.error.kind).toBe('provider-unavailable');

    const firstAck = await timeout('physical exit acknowledgement', async () => {
      for (;;) {
        runtime.tick();
        const ack = runtime
          .drainProviderExitAcks(8)
          .find((candidate) => candidate.operation.bindingId === firstBinding);
        if (ack !== undefined) return ack;
        await sleep(10);
      }
    });
    expect(firstAck.providerId).toBe(providerId);
    expect(firstAck.bindingId).toBe(firstBinding);
    expect(firstAck.operation).toEqual(firstOperation);
    expect(firstEvidence.reaped).toBe(1);
    expect(firstAck.stopCause).toEqual({ kind: 'cancellation', reason: 'grant-revoked' });
    expect(firstAck.stopSignalAttempted).toBe(true);
    expect(firstAck.stopSignalled).toBe(true);
    expect(firstAck.forceStopAttempted).toBe(true);
    expect(firstAck.forceStopSignalled).toBe(true);
    expect(firstEvidence.forceStopRequests).toBe(1);
    const duringClose = runtime.installNativeProvider(
      providerId,
      8,
      new ControlledProviderExecutor({
        evidence: createProcessEvidence(),
        successfulStartsRemaining: 0,
        successRelease: { isReleased: () => true },
      }),
    );
    expect(!duringClose.ok && duringClose.error).toMatchObject({
      kind: 'already-installed',
      state: 'closing',
    });
    runtime.tick();
    expect(runtime.nativeProviderSnapshot(providerId)!.state).toBe('closed');

    const secondEvidence = createProcessEvidence();
    let released = false;
    const secondBinding = unwrap(
      runtime.installNativeProvider(
        providerId,
        8,
        new ControlledProviderExecutor({
          evidence: secondEvidence,
          successfulStartsRemaining: RECEIPT_DRAIN_REQUESTS,
          successRelease: { isReleased: () => released },
        }),
      ),
    );
    expect(secondBinding).toBeGreaterThan(firstBinding);
    runtime.tick();
    const secondSupervisor = runtime.nativeProviderSnapshot(providerId)!;
    expect(secondSupervisor.providerId).toBe(providerId);
    expect(secondSupervisor.bindingId).toBe(secondBinding);
    expect(secondSupervisor.state).toBe('running');

    const secondGrant = grant(client, instanceId, generation, 'allow');
    unwrap(authority.dispatch({ kind: 'set-grant', grant: secondGrant }));
    runtime.tick();
    for (let offset = 0; offset < RECEIPT_DRAIN_REQUESTS; offset += 1) {
      unwrap(client.dispatch(request(100 + offset, instanceId, generation)));
      runtime.tick();
    }
    expect(secondEvidence.starts).toBe(RECEIPT_DRAIN_REQUESTS);
    await driveUntil(() => secondEvidence.reaped === RECEIPT_DRAIN_REQUESTS, {
      tick: () => runtime.tick(),
    });
    expect(secondEvidence.reaped).toBe(RECEIPT_DRAIN_REQUESTS);
    expect(runtime.nativeProviderSnapshot(providerId)!.operations.length).toBe(
      RECEIPT_DRAIN_REQUESTS,
    );
    released = true;
    runtime.tick();
    expect(runtime.nativeProviderSnapshot(providerId)!.operations.length).toBe(
      RECEIPT_DRAIN_REQUESTS,
    );

    const [successfulCompletions, successfulAcks] = await timeout(
      'concurrent receipt pressure',
      async () => {
        const found: CapabilityCompletionEnvelope[] = [];
        const acks: PhysicalExitAck[] = [];
        for (;;) {
          runtime.tick();
          acks.push(...runtime.drainProviderExitAcks(32));
          for (let next = completions.tryRecv(); next.ok; next = completions.tryRecv()) {
            if (next.value.kind !== 'completion') {
              throw new Error(`unexpected tool completion gap: ${JSON.stringify(next.value)}`);
            }
            found.push(next.value.completion);
          }
          if (found.length === RECEIPT_DRAIN_REQUESTS && acks.length === RECEIPT_DRAIN_REQUESTS) {
            return [found, acks] as const;
          }
          await sleep(10);
        }
      },
    );
    for (let offset = 0; offset < RECEIPT_DRAIN_REQUESTS; offset += 1) {
      const localId = CapabilityRequestId.of(100 + offset);
      const operation = secondEvidence.operations.find((op) => op.requestKey.localId === localId);
      expect(operation).toBeDefined();
      const done = successfulCompletions.find((c) => c.requestKey.localId === localId);
      expect(done).toBeDefined();
      expect(operation!.bindingId).toBe(secondBinding);
      expect(done!.providerId).toBe(providerId);
      expect(done!.operationId).toBe(operation!.operationId);
      expect(done!.outcome).toEqual({ kind: 'succeeded', result: controlledSuccessResult() });
      const ack = successfulAcks.find(
        (candidate) =>
          candidate.operation.operationId === operation!.operationId &&
          candidate.operation.bindingId === operation!.bindingId,
      );
      expect(ack).toBeDefined();
      expect(ack!.operation).toEqual(operation);
      expect(ack!.providerId).toBe(providerId);
      expect(ack!.bindingId).toBe(secondBinding);
      expect(ack!.stopCause).toBeNull();
      expect(ack!.stopSignalAttempted).toBe(false);
      expect(ack!.stopSignalled).toBe(false);
      expect(ack!.forceStopAttempted).toBe(false);
      expect(ack!.forceStopSignalled).toBe(false);
    }
    runtime.tick();
    expect(runtime.drainProviderFaults(32)).toEqual([]);
    const snapshot = runtime.nativeProviderSnapshot(providerId)!;
    expect(snapshot.providerId).toBe(providerId);
    expect(snapshot.bindingId).toBe(secondBinding);
    expect(snapshot.state).toBe('running');
    expect(snapshot.operations).toEqual([]);

    unwrap(client.dispatch(request(2, instanceId, generation)));
    runtime.tick();
    const secondOperationSnapshot = runtime.nativeProviderSnapshot(providerId)!.operations[0];
    expect(secondOperationSnapshot).toBeDefined();
    const secondOperation = secondEvidence.operations[secondEvidence.operations.length - 1]!;
    expect(secondOperationSnapshot!.operation).toEqual(secondOperation);
    expect(secondOperation.bindingId).toBe(secondBinding);
    expect(secondOperation.requestKey.localId).toBe(CapabilityRequestId.of(2));
    expect(secondEvidence.starts).toBe(RECEIPT_DRAIN_REQUESTS + 1);

    unwrap(authority.dispatch({ kind: 'revoke-grant', key: secondGrant.key }));
    runtime.tick();
    const secondRevoked = completions.tryRecv();
    expect(secondRevoked.ok).toBe(true);
    const secondCompletion = completionOf(unwrap(secondRevoked));
    expect(secondCompletion.providerId).toBe(providerId);
    expect(secondCompletion.operationId).toBe(secondOperation.operationId);
    expect(secondCompletion.requestKey).toEqual(secondOperation.requestKey);
    expect(secondCompletion.outcome).toEqual({
      kind: 'grant-revoked',
      cancellation: 'cancel-queued-unconfirmed',
    });
    expect(secondEvidence.stopRequests).toBe(1);
    expect(secondEvidence.forceStopRequests).toBe(0);

    expect(runtime.nativeProviderShutdownComplete()).toBe(false);
    unwrap(await runtime.shutdownNativeProviders());
    const secondAck = runtime
      .drainProviderExitAcks(8)
      .find(
        (ack) =>
          ack.operation.operationId === secondOperation.operationId &&
          ack.operation.bindingId === secondOperation.bindingId,
      );
    expect(secondAck).toBeDefined();
    expect(secondAck!.providerId).toBe(providerId);
    expect(secondAck!.bindingId).toBe(secondBinding);
    expect(secondAck!.operation).toEqual(secondOperation);
    expect(secondAck!.stopCause).toEqual({ kind: 'cancellation', reason: 'grant-revoked' });
    expect(secondAck!.stopSignalAttempted).toBe(true);
    expect(secondAck!.stopSignalled).toBe(true);
    expect(secondAck!.forceStopAttempted).toBe(true);
    expect(secondAck!.forceStopSignalled).toBe(true);
    expect(secondEvidence.forceStopRequests).toBe(1);
    expect(runtime.nativeProviderSnapshot(providerId)!.state).toBe('closed');
    expect(client.snapshot().availableProviders).toEqual([]);
    expect(runtime.drainProviderFaults(8)).toEqual([]);
    expect(secondEvidence.reaped).toBe(RECEIPT_DRAIN_REQUESTS + 1);

    unwrap(handle.dispatch(command(3, { kind: 'stop', instanceId, force: true })));
    await driveUntil(() => handle.snapshot().sessions[0]?.status.kind === 'exited', {
      tick: () => runtime.tick(),
    });
    console.error(
      `provider_pid=${firstPid} physical_exit_reaped=${firstEvidence.reaped} receipt_cycles=${RECEIPT_DRAIN_REQUESTS} first_binding=${firstBinding} second_binding=${secondBinding} coordinated_shutdown=${runtime.nativeProviderShutdownComplete()}`,
    );
  });

  it('coordinated_shutdown_drains_exact_cancel_beyond_one_work_quantum', async () => {
    const provider = providerDescriptor();
    const providerId = provider.id;
    const catalog = registry(interactiveAgentSpec());
    const [handle, runtime] = unwrap(
      NativeRuntime.newWithToolProviders(
        catalog,
        {
          commandCapacity: 256,
          maxCommandsPerTick: 256,
          providerStopGraceMs: 25,
          providerShutdownTimeoutMs: 2_000,
          workerPollIntervalMs: 5,
        },
        [provider],
      ),
    );
    runtimes.push(runtime);
    const authority = runtime.toolAuthority();
    const clients = [
      'agent.cancel-pressure-0',
      'agent.cancel-pressure-1',
      'agent.cancel-pressure-2',
    ].map((actor) => unwrap(authority.bindClient(ToolActorId.of(actor))));
    const instanceId = AgentInstanceId.of(4_402);
    unwrap(
      handle.dispatch(
        command(11, {
          kind: 'register',
          instanceId,
          agentId: AgentId.of(CONTROL_FIXTURE_ID),
          transport: 'pty',
        }),
      ),
    );
    unwrap(
      handle.dispatch(
        command(12, {
          kind: 'start',
          instanceId,
          runtimePolicy: ProviderRuntimePolicy.rawPty(),
          request: startRequest({ rows: 24, columns: 80 }),
        }),
      ),
    );
    await driveUntil(
      () => {
        const session = handle.snapshot().sessions[0];
        return (
          session !== undefined &&
          session.status.kind === 'running' &&
          session.terminalFrame?.contents.includes('fixture-ready>') === true
        );
      },
      trackedTicks(runtime, handle),
    );
    const generation = handle.snapshot().sessions[0]!.generation;
    const evidence = createCancelPressureEvidence();
    const binding = unwrap(
      runtime.installNativeProvider(providerId, 128, new ImmediateStopExecutor({ evidence })),
    );
    runtime.tick();
    const pressureGrants = clients.map((client) => grant(client, instanceId, generation, 'allow'));
    for (const pressureGrant of pressureGrants) {
      unwrap(authority.dispatch({ kind: 'set-grant', grant: pressureGrant }));
    }
    runtime.tick();
    for (const client of clients) {
      for (let offset = 0; offset < CANCEL_BACKLOG_REQUESTS_PER_CLIENT; offset += 1) {
        unwrap(client.dispatch(request(1_000 + offset, instanceId, generation)));
      }
    }
    runtime.tick();
    runtime.tick();
    expect(evidence.starts).toBe(CANCEL_BACKLOG_REQUESTS);
    for (const pressureGrant of pressureGrants) {
      unwrap(authority.dispatch({ kind: 'revoke-grant', key: pressureGrant.key }));
    }
    runtime.tick();
    expect(evidence.stopRequests).toBe(CANCEL_BACKLOG_REQUESTS);
    expect(evidence.reaped).toBe(CANCEL_BACKLOG_REQUESTS);
    const snapshot = runtime.nativeProviderSnapshot(providerId)!;
    expect(snapshot.bindingId).toBe(binding);
    expect(snapshot.operations.length).toBe(CANCEL_BACKLOG_REQUESTS - 64);

    unwrap(await runtime.shutdownNativeProviders());
    const acks = runtime.drainProviderExitAcks(128);
    expect(acks.length).toBe(CANCEL_BACKLOG_REQUESTS);
    expect(
      acks.every(
        (ack) =>
          ack.bindingId === binding &&
          ack.stopCause?.kind === 'cancellation' &&
          ack.stopCause.reason === 'grant-revoked',
      ),
    ).toBe(true);
    expect(runtime.drainProviderFaults(128)).toEqual([]);
    expect(runtime.nativeProviderShutdownComplete()).toBe(true);

    unwrap(handle.dispatch(command(13, { kind: 'stop', instanceId, force: true })));
    await driveUntil(() => handle.snapshot().sessions[0]?.status.kind === 'exited', {
      tick: () => runtime.tick(),
    });
  });
});
