// A small world and a random command stream over it, for the property tests. The stream drives
// the public API only; a fake provider answers the invokes it has drained (sometimes late, twice,
// or with a tampered envelope). The runner records everything a consumer could see.
import {
  CAPABILITY_PROTOCOL_VERSION,
  type CapabilityCompletionEnvelope,
  CapabilityDescriptor,
  type CapabilityEffectEnvelope,
  CapabilityObservation,
  CapabilityObservationEnvelope,
  type CapabilityProviderDescriptor,
  CapabilityRequestId,
  CapabilityRequestInput,
  CapabilityResult,
  CapabilityResultDelivery,
  ConsumerBoundCapabilityRequest,
  ConsumerId,
  type GrantMode,
  type PolicyKey,
  ResourceScopeId,
  TOOL_PAYLOAD_MAX_BYTES,
  ToolActorId,
  ToolCapabilityId,
  type ToolEngineSnapshot,
  ToolOperationId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { AgentInstanceId, SessionGeneration, unwrap, utf8Encode } from '@gate4agent/types';
import fc from 'fast-check';
import { COUNTER_MAX } from '../../src/constants.js';
import { engineStateOf, ToolEngine } from '../../src/engine/tool-engine.js';
import type { ToolEngineCounters } from '../../src/state/engine-state.js';

/** Marks every secret byte string, so a leak into a snapshot is easy to find. */
export const SECRET = 'SECRET';

const CONSUMERS = [ConsumerId.of('c.one'), ConsumerId.of('c.two')];
const ACTORS = [ToolActorId.of('a.one'), ToolActorId.of('a.two')];
const INSTANCES = [AgentInstanceId.of(41), AgentInstanceId.of(42), AgentInstanceId.of(99)];
const PROVIDERS = [
  ToolProviderId.of('prov.owned'),
  ToolProviderId.of('prov.gate'),
  ToolProviderId.of('prov.unregistered'),
];
const CAPABILITIES = [
  ToolCapabilityId.of('browser.read'),
  ToolCapabilityId.of('browser.write'),
  ToolCapabilityId.of('browser.unknown'),
];
const SCOPES = [ResourceScopeId.of('scope.a'), ResourceScopeId.of('scope.b')];

// Biased toward the coordinates that match (instance 41 at generation 1, the Gate provider, the
// read capability, scope a), so grants and requests meet often; the rest exercises the denials.
const weighted = (weights: readonly number[]): fc.Arbitrary<number> =>
  fc.oneof(...weights.map((weight, value) => ({ weight, arbitrary: fc.constant(value) })));
const client = weighted([4, 2, 2, 1]);
const instance = weighted([6, 2, 1]);
const generation = weighted([1, 8, 1, 1]);
/** Indices into the world's consumers × actors, instances, providers, capabilities and scopes. */
interface GrantKeyInput {
  client: number;
  instance: number;
  generation: number;
  provider: number;
  capability: number;
  scope: number;
}
const grantKey: fc.Arbitrary<GrantKeyInput> = fc.record({
  client,
  instance,
  generation,
  provider: weighted([3, 5, 1]),
  capability: weighted([7, 2, 1]),
  scope: weighted([8, 1]),
});
const sequence = fc.constantFrom(...Array(8).fill('next'), 'same', 'skip', 'zero') as fc.Arbitrary<
  'next' | 'same' | 'skip' | 'zero'
>;

/** One step of a stream. */
export type Command =
  | {
      t: 'request';
      key: GrantKeyInput;
      /** When set, ask under the n-th grant key the stream has used so far (if any). */
      reuse: number | null;
      local: number;
      deadline: number;
      payload: 'empty' | 'small' | 'max' | 'oversized';
      summary: 'ok' | 'blank' | 'control';
      version: 'ok' | 'bad';
    }
  | { t: 'set-grant'; key: GrantKeyInput; mode: GrantMode; seq: string }
  | { t: 'revoke-grant'; key: GrantKeyInput; seq: string }
  | {
      t: 'resolve';
      pick: number;
      decision: 'approve-once' | 'deny';
      tamper: 'none' | 'nonce' | 'generation' | 'instance';
      seq: string;
    }
  | { t: 'close-client'; client: number; seq: string }
  | {
      /** `count` well-formed requests in a row, to reach the request and client limits. */
      t: 'flood';
      key: GrantKeyInput;
      reuse: number | null;
      count: number;
    }
  | { t: 'advance'; delta: number }
  | { t: 'set-generation'; instance: number; generation: number }
  | { t: 'set-state'; instance: number; generation: number; active: boolean }
  | { t: 'remove-instance'; instance: number }
  | { t: 'detach'; provider: number }
  | { t: 'drain-effects' }
  | { t: 'drain-completions' }
  | {
      t: 'observe';
      pick: number;
      outcome: 'succeed' | 'fail' | 'invalid' | 'reference';
      tamper: 'none' | 'operation' | 'generation' | 'provider' | 'instance' | 'version' | 'zero';
    };

export const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      t: fc.constant('request' as const),
      key: grantKey,
      reuse: fc.option(fc.nat(), { freq: 4 }),
      local: fc.integer({ min: 1, max: 40 }),
      deadline: fc.integer({ min: 0, max: 25 }),
      payload: fc.constantFrom(...Array(10).fill('small'), 'empty', 'max', 'oversized'),
      summary: fc.constantFrom(...Array(12).fill('ok'), 'blank', 'control'),
      version: fc.constantFrom(...Array(15).fill('ok'), 'bad'),
    }),
  },
  {
    weight: 10,
    arbitrary: fc.record({
      t: fc.constant('set-grant' as const),
      key: grantKey,
      mode: fc.constantFrom<GrantMode>('allow', 'require-approval'),
      seq: sequence,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ t: fc.constant('revoke-grant' as const), key: grantKey, seq: sequence }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('resolve' as const),
      pick: fc.nat(),
      decision: fc.constantFrom('approve-once', 'deny'),
      tamper: fc.constantFrom('none', 'none', 'none', 'nonce', 'generation', 'instance'),
      seq: sequence,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('close-client' as const), client, seq: sequence }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('flood' as const),
      key: grantKey,
      reuse: fc.option(fc.nat(), { freq: 3 }),
      count: fc.integer({ min: 8, max: 48 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('advance' as const),
      delta: fc.integer({ min: -1, max: 6 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('set-generation' as const),
      instance,
      generation: fc.integer({ min: 0, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('set-state' as const),
      instance,
      generation,
      active: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('remove-instance' as const), instance }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('detach' as const),
      provider: fc.integer({ min: 0, max: 2 }),
    }),
  },
  { weight: 6, arbitrary: fc.constant({ t: 'drain-effects' as const }) },
  { weight: 4, arbitrary: fc.constant({ t: 'drain-completions' as const }) },
  {
    weight: 8,
    arbitrary: fc.record({
      t: fc.constant('observe' as const),
      pick: fc.nat(),
      outcome: fc.constantFrom('succeed', 'succeed', 'fail', 'invalid', 'reference'),
      tamper: fc.constantFrom(
        'none',
        'none',
        'none',
        'none',
        'operation',
        'generation',
        'provider',
        'instance',
        'version',
        'zero',
      ),
    }),
  },
);

const nearMax = fc.option(
  fc.integer({ min: 0, max: 4 }).map((gap) => COUNTER_MAX - gap),
  { freq: 2 },
);

/**
 * Counters to start near exhaustion, in one stream out of five (the engine's documented test
 * seam); the other streams start where a new engine does.
 */
export const counters: fc.Arbitrary<Partial<ToolEngineCounters>> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc
      .record({
        revision: nearMax,
        nextRequestSequence: nearMax,
        nextOperationId: nearMax,
        nextEffectSequence: nearMax,
        nextCompletionSequence: nearMax,
        nextAuditSequence: nearMax,
      })
      .map((record) =>
        Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null)),
      ),
  },
);

/** A stream of up to 60 commands. */
export const commands = fc.array(command, { maxLength: 60, size: 'max' });

const provider = (index: number): CapabilityProviderDescriptor => ({
  id: PROVIDERS[index]!,
  owner: index === 0 ? { kind: 'consumer', consumerId: CONSUMERS[0]! } : { kind: 'gate' },
  capabilities: [
    unwrap(
      CapabilityDescriptor.new(CAPABILITIES[1]!, 'browser', 'Write the page', {
        inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
      }),
    ),
    unwrap(CapabilityDescriptor.new(CAPABILITIES[0]!, 'browser', 'Read the page')),
  ],
});

function policyKey(key: GrantKeyInput): PolicyKey {
  return {
    consumerId: CONSUMERS[key.client % 2]!,
    actorId: ACTORS[Math.floor(key.client / 2)]!,
    instanceId: INSTANCES[key.instance]!,
    generation: SessionGeneration.of(key.generation),
    providerId: PROVIDERS[key.provider]!,
    capabilityId: CAPABILITIES[key.capability]!,
    resourceScopeId: SCOPES[key.scope]!,
  };
}

const PAYLOAD_LENGTHS = {
  empty: 0,
  small: 12,
  max: TOOL_PAYLOAD_MAX_BYTES,
  oversized: TOOL_PAYLOAD_MAX_BYTES + 1,
};

function payload(kind: keyof typeof PAYLOAD_LENGTHS, local: number): Uint8Array {
  const bytes = new Uint8Array(PAYLOAD_LENGTHS[kind]);
  bytes.set(utf8Encode(`${SECRET}-${local}`).subarray(0, bytes.length));
  return bytes;
}

/** What one run showed: every call's result, every drained item, the snapshots it took. */
export interface Trace {
  readonly results: unknown[];
  readonly effects: CapabilityEffectEnvelope[];
  readonly completions: CapabilityCompletionEnvelope[];
  readonly snapshots: ToolEngineSnapshot[];
}

/** Hooks a property test uses to look at each step; the runner itself asserts nothing. */
export interface StepObserver {
  /** Take a snapshot after every step (the final one is always taken). */
  snapshots?: boolean;
  before?(engine: ToolEngine, command: Command): void;
  after?(engine: ToolEngine, command: Command, result: { ok: boolean } | null): void;
}

/** Builds the world: two providers, two instances at generation 1. */
export function world(options: Partial<ToolEngineCounters> = {}): ToolEngine {
  const engine = new ToolEngine({ counters: options });
  unwrap(engine.registerProvider(provider(0)));
  unwrap(engine.registerProvider(provider(1)));
  unwrap(engine.setGeneration(INSTANCES[0]!, SessionGeneration.of(1)));
  unwrap(engine.setGeneration(INSTANCES[1]!, SessionGeneration.of(1)));
  return engine;
}

/** Runs `stream` on `engine`, then lets every deadline pass and drains everything. */
export function run(
  engine: ToolEngine,
  stream: readonly Command[],
  observer: StepObserver = {},
): Trace {
  const trace: Trace = { results: [], effects: [], completions: [], snapshots: [] };
  const seenInvokes: CapabilityEffectEnvelope[] = [];
  const grantKeys: GrantKeyInput[] = [];
  let authoritySequence = 0;
  const nextSequence = (mode: string): number => {
    if (mode === 'zero') return 0;
    if (mode === 'same') return authoritySequence;
    authoritySequence += mode === 'skip' ? 2 : 1;
    return authoritySequence;
  };
  const drainEffects = () => {
    const drained = engine.drainEffects();
    trace.effects.push(...drained);
    seenInvokes.push(...drained.filter((effect) => effect.effect.kind === 'invoke'));
    return drained.length;
  };
  const drainCompletions = () => {
    const batch = engine.drainCompletions();
    trace.completions.push(...batch.completions);
    return { ...batch, completions: batch.completions.length };
  };
  // What a drain step handed over, recorded in place of a result.
  let recorded: unknown = null;
  const step = (entry: Command): { ok: boolean } | null => {
    const tick = engineStateOf(engine).currentTick;
    switch (entry.t) {
      case 'request': {
        const reused = entry.reuse === null ? undefined : grantKeys[entry.reuse % grantKeys.length];
        const key = policyKey(reused ?? entry.key);
        const bound = ConsumerBoundCapabilityRequest.new(
          key.consumerId,
          key.actorId,
          CapabilityRequestInput.of({
            localId: CapabilityRequestId.of(entry.local),
            instanceId: key.instanceId,
            generation: key.generation,
            providerId: key.providerId,
            capabilityId: key.capabilityId,
            resourceScopeId: key.resourceScopeId,
            approvalSummary: { ok: 'Read the page', blank: ' \u3000 ', control: 'Read\u0007' }[
              entry.summary
            ],
            deadlineTick: Math.max(0, tick + entry.deadline),
            payload: payload(entry.payload, entry.local),
          }),
        );
        if (entry.version === 'bad') bound.protocolVersion = CAPABILITY_PROTOCOL_VERSION + 1;
        return engine.request(bound);
      }
      case 'set-grant':
        grantKeys.push(entry.key);
        return engine.applyAuthority({
          protocolVersion: CAPABILITY_PROTOCOL_VERSION,
          sequence: nextSequence(entry.seq),
          command: { kind: 'set-grant', grant: { key: policyKey(entry.key), mode: entry.mode } },
        });
      case 'revoke-grant':
        return engine.applyAuthority({
          protocolVersion: CAPABILITY_PROTOCOL_VERSION,
          sequence: nextSequence(entry.seq),
          command: { kind: 'revoke-grant', key: policyKey(entry.key) },
        });
      case 'resolve': {
        const pending = engine.snapshot().requests;
        if (pending.length === 0) return null;
        const target = pending[entry.pick % pending.length]!;
        return engine.applyAuthority({
          protocolVersion: CAPABILITY_PROTOCOL_VERSION,
          sequence: nextSequence(entry.seq),
          command: {
            kind: 'resolve-approval',
            resolution: {
              requestKey: target.key,
              acceptedSequence: target.acceptedSequence + (entry.tamper === 'nonce' ? 1 : 0),
              instanceId: entry.tamper === 'instance' ? INSTANCES[2]! : target.instanceId,
              generation: SessionGeneration.of(
                target.generation + (entry.tamper === 'generation' ? 1 : 0),
              ),
              decision: entry.decision,
            },
          },
        });
      }
      case 'close-client':
        return engine.applyAuthority({
          protocolVersion: CAPABILITY_PROTOCOL_VERSION,
          sequence: nextSequence(entry.seq),
          command: {
            kind: 'close-client',
            consumerId: CONSUMERS[entry.client % 2]!,
            actorId: ACTORS[Math.floor(entry.client / 2)]!,
          },
        });
      case 'advance':
        return engine.advanceTime(Math.max(0, tick + entry.delta));
      case 'set-generation':
        return engine.setGeneration(
          INSTANCES[entry.instance]!,
          SessionGeneration.of(entry.generation),
        );
      case 'set-state':
        return engine.setInstanceState(
          INSTANCES[entry.instance]!,
          SessionGeneration.of(entry.generation),
          entry.active ? 'active' : 'inactive',
        );
      case 'remove-instance':
        return engine.removeInstance(INSTANCES[entry.instance]!);
      case 'detach':
        return engine.detachProviderRuntime(PROVIDERS[entry.provider]!);
      case 'drain-effects':
        recorded = drainEffects();
        return null;
      case 'drain-completions':
        recorded = drainCompletions();
        return null;
      case 'flood':
        return null;
      case 'observe': {
        if (seenInvokes.length === 0) return null;
        const invoke = seenInvokes[entry.pick % seenInvokes.length]!;
        return engine.applyObservation(observation(invoke, entry));
      }
    }
  };
  let floodId = 100;
  const steps = stream.flatMap((entry): Command[] =>
    entry.t !== 'flood'
      ? [entry]
      : Array.from({ length: entry.count }, () => ({
          t: 'request' as const,
          key: entry.key,
          reuse: entry.reuse,
          local: floodId++,
          deadline: 20,
          payload: 'small' as const,
          summary: 'ok' as const,
          version: 'ok' as const,
        })),
  );
  for (const entry of steps) {
    observer.before?.(engine, entry);
    recorded = null;
    const result = step(entry);
    trace.results.push(result ?? recorded);
    observer.after?.(engine, entry, result);
    if (observer.snapshots === true) trace.snapshots.push(engine.snapshot());
  }
  const finalTick = { t: 'advance', delta: 10_000 } as const;
  observer.before?.(engine, finalTick);
  const settled = engine.advanceTime(engineStateOf(engine).currentTick + 10_000);
  trace.results.push(settled);
  observer.after?.(engine, finalTick, settled);
  drainEffects();
  trace.results.push(drainCompletions());
  trace.snapshots.push(engine.snapshot());
  return trace;
}

function observation(
  invoke: CapabilityEffectEnvelope,
  entry: Extract<Command, { t: 'observe' }>,
): CapabilityObservationEnvelope {
  const secret = utf8Encode(`${SECRET}-result`) as Uint8Array<ArrayBuffer>;
  const observed = {
    succeed: CapabilityObservation.succeeded(
      CapabilityResult.of({
        metadata: {
          byteLen: secret.length,
          mediaType: 'text/plain',
          truncated: false,
          redactedSummary: null,
        },
        delivery: CapabilityResultDelivery.inline(secret),
      }),
    ),
    reference: CapabilityObservation.succeeded(
      CapabilityResult.of({
        metadata: { byteLen: 99, mediaType: null, truncated: true, redactedSummary: 'kept' },
        delivery: CapabilityResultDelivery.opaqueReference(`opaque://${SECRET}`),
      }),
    ),
    fail: CapabilityObservation.failed({ kind: 'execution', redactedMessage: 'failed' }),
    invalid: CapabilityObservation.succeeded(
      CapabilityResult.of({
        metadata: { byteLen: 1, mediaType: null, truncated: false, redactedSummary: null },
        delivery: CapabilityResultDelivery.inline(secret),
      }),
    ),
  }[entry.outcome];
  return CapabilityObservationEnvelope.of({
    protocolVersion: CAPABILITY_PROTOCOL_VERSION + (entry.tamper === 'version' ? 1 : 0),
    operationId: ToolOperationId.of(
      entry.tamper === 'zero' ? 0 : invoke.operationId + (entry.tamper === 'operation' ? 1 : 0),
    ),
    requestKey: invoke.requestKey,
    instanceId: entry.tamper === 'instance' ? INSTANCES[2]! : invoke.instanceId,
    generation: SessionGeneration.of(invoke.generation + (entry.tamper === 'generation' ? 1 : 0)),
    providerId: entry.tamper === 'provider' ? PROVIDERS[1]! : invoke.providerId,
    observation: observed,
  });
}
