// Fault injection through the whole runtime: one provider's executor breaks one method (throws,
// answers outside the contract, or hangs) while a healthy provider and an interactive fixture
// agent in a real PTY run beside it. The faulty provider is faulted or retired with typed faults,
// everyone else keeps being served, every request completes once, every started operation is
// acknowledged once, and no process is left.
import type { ToolClientHandle } from '@gate4agent/handle';
import { processGroupGone } from '@gate4agent/process';
import { driveUntil, interactiveAgentSpec, useFixtureTracking } from '@gate4agent/testkit';
import {
  CapabilityDescriptor,
  type CapabilityProviderDescriptor,
  CapabilityRequestId,
  type CapabilityRequestInput,
  ResourceScopeId,
  ToolActorId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { AgentInstanceId, SessionGeneration } from '@gate4agent/types';
import { unwrap } from '@gate4agent/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NativeRuntime } from '../../src/runtime/native-runtime.js';
import type { NativeRuntimeError } from '../../src/runtime/native-runtime-error.js';
import {
  fixtureExecutor,
  nodeExecutor,
  RESULT_WRITER,
} from '../executor/support/executor-harness.js';
import {
  expectedFault,
  type FaultMode,
  FaultyExecutor,
  type FaultyMethod,
} from './support/faulty-executor.js';
import { registry } from './support/fixtures.js';
import { startFixtureSession } from './support/start-fixture-session.js';

useFixtureTracking({ beforeEach, afterEach });

const runtimes: NativeRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose();
});

const CAPABILITY = ToolCapabilityId.of('browser.snapshot');
const SCOPE = ResourceScopeId.of('page.active');
const FAULTY = ToolProviderId.of('gate.faulty');
const HEALTHY = ToolProviderId.of('gate.healthy');
const REQUESTS = 3;
const WAIT = { timeoutMs: 60_000 };

function descriptor(id: ToolProviderId): CapabilityProviderDescriptor {
  return {
    id,
    owner: { kind: 'gate' },
    capabilities: [unwrap(CapabilityDescriptor.new(CAPABILITY, 'browser', 'Read page metadata'))],
  };
}

function request(
  localId: number,
  providerId: ToolProviderId,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
): CapabilityRequestInput {
  return {
    localId: CapabilityRequestId.of(localId),
    instanceId,
    generation,
    providerId,
    capabilityId: CAPABILITY,
    resourceScopeId: SCOPE,
    approvalSummary: 'Read page metadata',
    deadlineTick: 1_000_000,
    payload: new TextEncoder().encode('{}'),
  };
}

function allow(
  client: ToolClientHandle,
  providerId: ToolProviderId,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
) {
  return {
    kind: 'set-grant' as const,
    grant: {
      key: {
        consumerId: client.consumerId(),
        actorId: client.actorId(),
        instanceId,
        generation,
        providerId,
        capabilityId: CAPABILITY,
        resourceScopeId: SCOPE,
      },
      mode: 'allow' as const,
    },
  };
}

const METHODS: FaultyMethod[] = [
  'start',
  'tryPollResult',
  'tryWait',
  'requestStop',
  'requestForceStop',
  'pid',
];
const MODES: FaultMode[] = ['throws', 'invalid', 'hangs'];

describe('executor fault containment', () => {
  for (const method of METHODS) {
    for (const mode of MODES) {
      it(`a provider whose ${method} ${mode} is contained; the others keep being served`, async () => {
        const [handle, runtime] = unwrap(
          NativeRuntime.newWithToolProviders(
            registry(interactiveAgentSpec()),
            { providerStopGraceMs: 25, providerShutdownTimeoutMs: 30_000, workerPollIntervalMs: 5 },
            [descriptor(FAULTY), descriptor(HEALTHY)],
          ),
        );
        runtimes.push(runtime);
        const errors = runtime.subscribeErrors(256);
        const { instanceId, generation } = await startFixtureSession(handle, runtime, 7_001);
        const faulty = new FaultyExecutor(fixtureExecutor('ignores-sigterm'), method, mode);
        const healthy = new FaultyExecutor(nodeExecutor(RESULT_WRITER, ['echo']), null, mode);
        unwrap(runtime.installNativeProvider(FAULTY, 8, faulty));
        unwrap(runtime.installNativeProvider(HEALTHY, 8, healthy));
        runtime.start();
        const authority = runtime.toolAuthority();
        const client = unwrap(authority.bindClient(ToolActorId.of('agent.faults')));
        const completions = client.subscribeCompletions(64);
        await driveUntil(
          () => runtime.nativeProviderSnapshot(HEALTHY)?.runtimeState === 'active',
          WAIT,
        );
        unwrap(authority.dispatch(allow(client, FAULTY, instanceId, generation)));
        unwrap(authority.dispatch(allow(client, HEALTHY, instanceId, generation)));
        for (let i = 1; i <= REQUESTS; i += 1) {
          unwrap(client.dispatch(request(i, FAULTY, instanceId, generation)));
          unwrap(client.dispatch(request(100 + i, HEALTHY, instanceId, generation)));
        }
        runtime.wake();
        // A fault at the first start quiesces the binding: the other invokes never start.
        await driveUntil(
          () =>
            faulty.startCalls === REQUESTS ||
            runtime.nativeProviderSnapshot(FAULTY)?.state !== 'running',
          WAIT,
        );
        // A method every running operation calls breaks before anything stops them: wait for
        // the fault. Stop requests only reach an executor once something stops its operations.
        const breaksWhileRunning =
          mode !== 'hangs' && method !== 'requestStop' && method !== 'requestForceStop';
        if (breaksWhileRunning) {
          await driveUntil(() => runtime.nativeProviderSnapshot(FAULTY)?.state !== 'running', WAIT);
        } else {
          // Its children must have installed their SIGTERM handler (they announce it on stdout),
          // or a stop would end them on its own.
          await driveUntil(() => faulty.childrenAnnounced(), WAIT);
        }
        runtime.retireNativeProvider(FAULTY);
        for (let i = 1; i <= REQUESTS; i += 1) {
          unwrap(client.dispatch(request(200 + i, HEALTHY, instanceId, generation)));
        }
        runtime.wake();

        const received = new Map<number, string[]>();
        const acks = runtime.drainProviderExitAcks(0);
        await driveUntil(() => {
          for (let next = completions.tryRecv(); next.ok; next = completions.tryRecv()) {
            if (next.value.kind !== 'completion') continue;
            const { requestKey, outcome } = next.value.completion;
            const list = received.get(requestKey.localId) ?? [];
            list.push(outcome.kind);
            received.set(requestKey.localId, list);
          }
          acks.push(...runtime.drainProviderExitAcks(64));
          return (
            received.size === REQUESTS * 3 &&
            runtime.nativeProviderSnapshot(FAULTY)?.state === 'closed'
          );
        }, WAIT);
        await runtime.stop();

        // Every request completed exactly once; the healthy provider's all succeeded.
        expect([...received.values()].every((list) => list.length === 1)).toBe(true);
        for (const [localId, [kind]] of received) {
          if (localId > 100) expect(kind, `request ${localId}`).toBe('succeeded');
        }
        // Every started operation acknowledged exactly once.
        const ackedFaulty = acks
          .filter((ack) => ack.providerId === FAULTY)
          .map((ack) => ack.operation.operationId);
        expect([...ackedFaulty].sort()).toEqual([...faulty.started].sort());
        const ackedHealthy = acks.filter((ack) => ack.providerId === HEALTHY);
        expect(ackedHealthy).toHaveLength(healthy.started.length);
        // The fault is typed and reported on the error channel.
        const faults = runtime.drainProviderFaults(2_048);
        const expected = expectedFault(method, mode);
        const reported: NativeRuntimeError[] = [];
        for (let next = errors.tryRecv(); next.ok; next = errors.tryRecv())
          reported.push(next.value);
        if (expected !== null) {
          expect(faults.map((fault) => fault.kind.kind)).toContain(expected);
          expect(
            reported.some(
              (error) => error.kind === 'provider-faulted' && error.fault.kind.kind === expected,
            ),
          ).toBe(true);
        }
        expect(faults.every((fault) => fault.providerId === FAULTY)).toBe(true);
        // The agent session beside it was served throughout.
        expect(handle.snapshot().sessions[0]?.status.kind).toBe('running');
        expect(runtime.nativeProviderSnapshot(HEALTHY)?.state).toBe('running');
        // No process of either provider is left.
        for (const pgid of [...faulty.groups, ...healthy.groups]) {
          expect(processGroupGone(pgid), `group ${pgid}`).toBe(true);
        }
      }, 90_000);
    }
  }
});
