// What the fleet scenario measures against: a "side" is either the fleet (a 3-node NATS cluster,
// two host processes, clients) or one local NativeRuntime doing the same work. Both offer agent
// runtimes (one per client), granted tool lanes and an exit-ack count, so the work is one code.
import { AgentRegistry } from '@gate4agent/agent-catalog';
import type { AgentRuntime, AgentSessionLike } from '@gate4agent/fleet';
import { ChildProcessProviderExecutor, NativeRuntime } from '@gate4agent/runtime-native';
import { interactiveAgentSpec } from '@gate4agent/testkit';
import {
  type CapabilityRequestInput,
  ConsumerId,
  type PolicyKey,
  ResourceScopeId,
  ToolActorId,
} from '@gate4agent/tool-protocol';
import { type SessionGeneration, unwrap } from '@gate4agent/types';
import { BENCH_CAPABILITY, BENCH_PROVIDER, benchProvider } from './kernel-sessions.js';
import { QUICK_PROVIDER } from './provider-programs.js';

/** The resource scope every benchmark grant names. */
export const BENCH_SCOPE = ResourceScopeId.of('page.bench');
/** Provider operations one runtime (or host) runs at once: every request of the scenario fits. */
export const PROVIDER_SLOTS = 128;
const WAIT_MS = 60_000;

/** A granted tool client: sends requests as one actor for one session. */
export interface ToolLane {
  request(input: CapabilityRequestInput): Promise<{
    readonly outcome: { readonly kind: string };
    readonly operationId: number | null;
  }>;
}

/** Counts the provider exit acks that arrive from now on. */
export interface AckCounter {
  /** Acks seen so far. */
  count(): number;
  /** Resolves once `count()` reaches `n`; rejects after `timeoutMs`. */
  until(n: number, timeoutMs: number): Promise<void>;
  close(): void;
}

/** One client of a side: an agent runtime and the tool plane of its sessions. */
export interface BenchClient {
  readonly runtime: AgentRuntime;
  /** Binds a tool client acting as `actor` for `session` and grants it the benchmark capability. */
  toolLane(session: AgentSessionLike, actor: string): Promise<ToolLane>;
}

/** The fleet, or one local runtime, with `clients` clients. */
export interface BenchSide {
  readonly clients: readonly BenchClient[];
  /** Counts the exit acks of every client's sessions. */
  exitAcks(): AckCounter;
  close(): Promise<void>;
}

/** The policy key that lets `consumerId`/`actorId` use the benchmark capability in `session`. */
export function benchGrantKey(
  consumerId: string,
  actorId: string,
  session: AgentSessionLike,
): PolicyKey {
  const generation = session.generation;
  if (generation === null) {
    throw new Error(`session ${session.instanceId} has no generation; launch it and wait for it`);
  }
  return {
    consumerId: ConsumerId.of(consumerId),
    actorId: ToolActorId.of(actorId),
    instanceId: session.instanceId,
    generation: generation as SessionGeneration,
    providerId: BENCH_PROVIDER,
    capabilityId: BENCH_CAPABILITY,
    resourceScopeId: BENCH_SCOPE,
  };
}

/** An {@link AckCounter} over `sources`: async iterables of acks, each read until closed. */
export function countAcks(
  sources: readonly AsyncIterable<unknown>[],
  close: () => void,
): AckCounter {
  let seen = 0;
  const waiters = new Set<() => void>();
  for (const source of sources) {
    void (async () => {
      for await (const _ack of source) {
        seen += 1;
        for (const wake of waiters) wake();
      }
    })().catch(() => undefined);
  }
  return {
    count: () => seen,
    until: async (n, timeoutMs) => {
      const signal = AbortSignal.timeout(timeoutMs);
      while (seen < n) {
        await new Promise<void>((resolve, reject) => {
          const wake = () => {
            waiters.delete(wake);
            signal.removeEventListener('abort', abort);
            resolve();
          };
          const abort = () => {
            waiters.delete(wake);
            reject(new Error(`${seen} of ${n} exit acks arrived within ${timeoutMs} ms`));
          };
          waiters.add(wake);
          signal.addEventListener('abort', abort, { once: true });
        });
      }
    },
    close,
  };
}

/**
 * A started NativeRuntime with the testkit's interactive fixture agent and the benchmark provider
 * (the quick program, {@link PROVIDER_SLOTS} slots): the local side and every fleet host run it.
 */
export function benchRuntime(): { readonly runtime: NativeRuntime; readonly agentId: string } {
  const spec = interactiveAgentSpec();
  const { runtime } = unwrap(
    NativeRuntime.create(unwrap(AgentRegistry.create([spec])), {
      config: { providerStopGraceMs: 1_000 },
      providers: [benchProvider()],
    }),
  );
  unwrap(
    runtime.installNativeProvider(
      BENCH_PROVIDER,
      PROVIDER_SLOTS,
      new ChildProcessProviderExecutor({
        command: QUICK_PROVIDER.command,
        args: [...QUICK_PROVIDER.args],
      }),
    ),
  );
  runtime.start();
  return { runtime, agentId: spec.id };
}

/**
 * One local NativeRuntime hosting the interactive fixture agent and the benchmark provider (the
 * quick program): the anchor of every fleet row. Its `clients` all share the runtime.
 */
export function localSide(clients: number): BenchSide {
  const { runtime } = benchRuntime();
  const client: BenchClient = {
    runtime,
    async toolLane(session, actor) {
      const handle = unwrap(runtime.toolClient(ToolActorId.of(actor)));
      await runtime.waitUntil(() => handle.snapshot().availableProviders.includes(BENCH_PROVIDER), {
        signal: AbortSignal.timeout(WAIT_MS),
      });
      const outcome = await runtime
        .toolAuthority()
        .grant({ key: benchGrantKey(handle.consumerId(), actor, session), mode: 'allow' });
      if (outcome.kind !== 'grant-set') throw new Error(`the local grant ended ${outcome.kind}`);
      return { request: (input) => handle.request(input) };
    },
  };
  return {
    clients: Array.from({ length: clients }, () => client),
    exitAcks() {
      const subscription = runtime.subscribeProviderExitAcks(PROVIDER_SLOTS * 2);
      return countAcks([subscription], () => subscription.close());
    },
    async close() {
      unwrap(await runtime.shutdownNativeProviders());
      await runtime.dispose();
    },
  };
}
