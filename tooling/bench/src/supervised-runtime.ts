// A NativeRuntime hosting the testkit's interactive fixture agent, with one native provider whose
// operations are real child processes and one tool client granted its capability: the public
// path a supervised operation takes (dispatch → completion → exit ack).
import { AgentRegistry } from '@gate4agent/agent-catalog';
import type {
  NativeProviderExecutor,
  NativeProviderOperation,
  ProviderInvocation,
  Subscription,
  ToolClientHandle,
} from '@gate4agent/handle';
import {
  type AgentSession,
  ChildProcessProviderExecutor,
  NativeRuntime,
  type PhysicalExitAck,
} from '@gate4agent/runtime-native';
import { interactiveAgentSpec } from '@gate4agent/testkit';
import {
  CapabilityRequestId,
  type CapabilityRequestInput,
  type PolicyGrant,
  ResourceScopeId,
  ToolActorId,
  type ToolFailure,
} from '@gate4agent/tool-protocol';
import { type Result, type SessionGeneration, unwrap } from '@gate4agent/types';
import { BENCH_CAPABILITY, BENCH_PROVIDER, benchProvider } from './kernel-sessions.js';

const SCOPE = ResourceScopeId.of('page.bench');
const WAIT_MS = 60_000;
const PAYLOAD = new TextEncoder().encode('{}');

/** Physical-exit acks read from the runtime's subscription, awaited by operation id. */
export class ExitAcks {
  readonly #subscription: Subscription<PhysicalExitAck>;
  readonly #seen = new Map<number, PhysicalExitAck>();

  constructor(subscription: Subscription<PhysicalExitAck>) {
    this.#subscription = subscription;
  }

  /** Waits for the ack of `operationId`, keeping the others read on the way (then forgets it). */
  async of(operationId: number): Promise<PhysicalExitAck> {
    for (;;) {
      const seen = this.#seen.get(operationId);
      if (seen !== undefined) {
        this.#seen.delete(operationId);
        return seen;
      }
      const next = await this.#subscription.next();
      if (next.done) throw new Error(`the runtime ended before operation ${operationId} exited`);
      this.#seen.set(next.value.operation.operationId, next.value);
    }
  }
}

/** The running pieces of a supervised runtime. */
export interface SupervisedRuntime {
  readonly runtime: NativeRuntime;
  readonly agent: AgentSession;
  readonly client: ToolClientHandle;
  readonly grant: PolicyGrant;
  readonly acks: ExitAcks;
  /** The pid of each started operation, by operation id. */
  readonly pids: Map<number, number>;
  readonly generation: SessionGeneration;
  /** The next request (fresh local id). */
  request(): CapabilityRequestInput;
  /** Stops the agent and providers and disposes the runtime. */
  close(): Promise<void>;
}

/** Options of {@link supervisedRuntime}. */
export interface SupervisedRuntimeOptions {
  /** The provider program and its argv (run without a shell by the production executor). */
  readonly command: string;
  readonly args: readonly string[];
  readonly providerStopGraceMs?: number;
  /** The ack subscription's capacity. */
  readonly ackCapacity?: number;
}

/** Starts the runtime, the fixture agent, the provider and a granted client. */
export async function supervisedRuntime(
  options: SupervisedRuntimeOptions,
): Promise<SupervisedRuntime> {
  const spec = interactiveAgentSpec();
  const { runtime } = unwrap(
    NativeRuntime.create(unwrap(AgentRegistry.create([spec])), {
      config: { providerStopGraceMs: options.providerStopGraceMs ?? 1_000 },
      providers: [benchProvider()],
    }),
  );
  const agent = await runtime.launchAgent(spec.id);
  await agent.waitFor('fixture-ready>', { timeoutMs: WAIT_MS });
  const generation = agent.generation;
  if (generation === null) throw new Error('the fixture agent ended before the benchmark began');
  const client = unwrap(runtime.toolClient(ToolActorId.of('agent.bench')));
  const acks = new ExitAcks(runtime.subscribeProviderExitAcks(options.ackCapacity ?? 256));
  const pids = new Map<number, number>();
  const production = new ChildProcessProviderExecutor({
    command: options.command,
    args: [...options.args],
  });
  // The wrapper only records pids; it forwards the activity signal, or the runtime would fall
  // back to polling every operation (as it must for an executor that cannot signal).
  const executor: NativeProviderExecutor = {
    onActivity: (listener) => production.onActivity(listener),
    start(invocation: ProviderInvocation): Result<NativeProviderOperation, ToolFailure> {
      const started = production.start(invocation);
      if (started.ok) pids.set(invocation.operationId(), started.value.pid);
      return started;
    },
  };
  unwrap(runtime.installNativeProvider(BENCH_PROVIDER, 64, executor));
  await runtime.waitUntil(() => client.snapshot().availableProviders.includes(BENCH_PROVIDER), {
    signal: AbortSignal.timeout(WAIT_MS),
  });
  const grant: PolicyGrant = {
    key: {
      consumerId: client.consumerId(),
      actorId: client.actorId(),
      instanceId: agent.instanceId,
      generation,
      providerId: BENCH_PROVIDER,
      capabilityId: BENCH_CAPABILITY,
      resourceScopeId: SCOPE,
    },
    mode: 'allow',
  };
  await runtime.toolAuthority().grant(grant);
  let localId = 0;
  return {
    runtime,
    agent,
    client,
    grant,
    acks,
    pids,
    generation,
    request() {
      localId += 1;
      return {
        localId: CapabilityRequestId.of(localId),
        instanceId: agent.instanceId,
        generation,
        providerId: BENCH_PROVIDER,
        capabilityId: BENCH_CAPABILITY,
        resourceScopeId: SCOPE,
        approvalSummary: 'benchmark operation',
        deadlineTick: Number.MAX_SAFE_INTEGER,
        payload: PAYLOAD,
      };
    },
    async close() {
      try {
        await agent.stop({ graceMs: 2_000 });
        await agent.dispose();
        unwrap(await runtime.shutdownNativeProviders());
      } finally {
        await runtime.dispose();
      }
    },
  };
}
