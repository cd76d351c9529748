// Issue #14 row "tool-engine request cycle, 1 / 4,096 grants": one request's whole life through
// the public ToolEngine (admit under an exact allow grant, drain its invoke, apply a succeeded
// observation, drain its completion), with the request table already full of terminal records
// (the steady state of a long-running engine), once with 1 grant and once with TOOL_POLICIES_MAX.
// The setup and the cycle are exported: the tool-engine package bench runs the same ones.
import { ToolEngine } from '@gate4agent/tool-engine';
import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityDescriptor,
  CapabilityObservation,
  CapabilityObservationEnvelope,
  CapabilityRequestId,
  CapabilityRequestInput,
  CapabilityResultDelivery,
  ConsumerBoundCapabilityRequest,
  ConsumerId,
  ResourceScopeId,
  TOOL_POLICIES_MAX,
  TOOL_REQUESTS_MAX,
  ToolActorId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { AgentInstanceId, SessionGeneration, unwrap, utf8Encode } from '@gate4agent/types';
import { measureRate } from '../measure-rate.js';
import type { Scenario } from '../scenario.js';

const instanceId = AgentInstanceId.of(41);
const generation = SessionGeneration.of(1);
const consumerId = ConsumerId.of('bench-consumer');
const actorId = ToolActorId.of('agent.bench');
const providerId = ToolProviderId.of('gate.bench.provider');
const capabilityId = ToolCapabilityId.of('browser.snapshot');
const scope = (index: number) => ResourceScopeId.of(`page.scope-${index}`);
const ungrantedScope = ResourceScopeId.of('page.ungranted');
const payload = utf8Encode('{"scope":"active-page"}');
const resultBytes = utf8Encode('{}');

function engineWith(grants: number): ToolEngine {
  const engine = new ToolEngine();
  unwrap(
    engine.registerProvider({
      id: providerId,
      owner: { kind: 'gate' },
      capabilities: [unwrap(CapabilityDescriptor.new(capabilityId, 'browser', 'Bench snapshots'))],
    }),
  );
  unwrap(engine.setGeneration(instanceId, generation));
  for (let index = 0; index < grants; index += 1) {
    const key = {
      consumerId,
      actorId,
      instanceId,
      generation,
      providerId,
      capabilityId,
      resourceScopeId: scope(index),
    };
    unwrap(
      engine.applyAuthority({
        protocolVersion: CAPABILITY_PROTOCOL_VERSION,
        sequence: index + 1,
        command: { kind: 'set-grant', grant: { key, mode: 'allow' } },
      }),
    );
  }
  return engine;
}

function request(localId: number, resourceScopeId: ResourceScopeId) {
  return ConsumerBoundCapabilityRequest.new(
    consumerId,
    actorId,
    CapabilityRequestInput.of({
      localId: CapabilityRequestId.of(localId),
      instanceId,
      generation,
      providerId,
      capabilityId,
      resourceScopeId,
      approvalSummary: 'Bench a request',
      deadlineTick: Number.MAX_SAFE_INTEGER,
      payload,
    }),
  );
}

/** The two request cycles of {@link toolEngineCycle}; each throws if any step went wrong. */
export interface ToolEngineCycle {
  /** One request admitted under an allow grant, invoked, observed succeeded and completed. */
  readonly allowed: () => void;
  /** One request no grant covers, admitted as a policy denial and completed. */
  readonly denied: () => void;
}

/**
 * An engine holding `grants` allow grants whose request table is already full of terminal
 * records (so every admission also evicts the oldest one), and its request cycles. The package
 * bench (packages/tool-engine/bench/request.bench.ts) runs the same cycles.
 */
export function toolEngineCycle(grants: number): ToolEngineCycle {
  const engine = engineWith(grants);
  let localId = 0;
  const allowed = () => {
    localId += 1;
    if (unwrap(engine.request(request(localId, scope(0)))).kind !== 'allow') {
      throw new Error('request not allowed');
    }
    const [invoke] = engine.drainEffects();
    if (invoke === undefined || invoke.effect.kind !== 'invoke') throw new Error('no invoke');
    const applied = unwrap(
      engine.applyObservation(
        CapabilityObservationEnvelope.of({
          protocolVersion: CAPABILITY_PROTOCOL_VERSION,
          operationId: invoke.operationId,
          requestKey: invoke.requestKey,
          instanceId: invoke.instanceId,
          generation: invoke.generation,
          providerId: invoke.providerId,
          observation: CapabilityObservation.succeeded({
            metadata: { byteLen: 2, mediaType: null, truncated: false, redactedSummary: null },
            delivery: CapabilityResultDelivery.inline(resultBytes),
          }),
        }),
      ),
    );
    if (applied.kind !== 'applied') throw new Error('observation ignored');
    if (engine.drainCompletions().completions.length !== 1) throw new Error('no completion');
  };
  const denied = () => {
    localId += 1;
    if (unwrap(engine.request(request(localId, ungrantedScope))).kind !== 'deny') {
      throw new Error('request not denied');
    }
    if (engine.drainCompletions().completions.length !== 1) throw new Error('no completion');
  };
  for (let index = 0; index < TOOL_REQUESTS_MAX; index += 1) allowed();
  return { allowed, denied };
}

const scenario: Scenario = {
  id: 'tool-engine',
  title: 'ToolEngine admit → invoke → observe → completion, full request table',
  order: 90,
  parts: ['one-grant', 'max-grants'],
  rows: [
    {
      id: 'tool-engine-1',
      metric: 'tool-engine request cycle, 1 grant',
      unit: 'req/s',
      ours: { part: 'one-grant', key: 'hz' },
      anchor: { fixed: 100_591, source: 'upstream Rust (issue #14, fixed)' },
      anchorLabel: 'upstream Rust (issue #14, fixed)',
      ratio: 'quotient',
      goal: '≥ 150,000 req/s',
      met: (ours) => ours >= 150_000,
      digits: 0,
    },
    {
      id: 'tool-engine-4096',
      metric: `tool-engine request cycle, ${TOOL_POLICIES_MAX.toLocaleString('en-US')} grants`,
      unit: 'req/s',
      ours: { part: 'max-grants', key: 'hz' },
      anchor: { fixed: 92_939, source: 'upstream Rust (issue #14, fixed)' },
      anchorLabel: 'upstream Rust (issue #14, fixed)',
      ratio: 'quotient',
      goal: '≥ 150,000 req/s',
      met: (ours) => ours >= 150_000,
      digits: 0,
    },
    {
      id: 'tool-engine-flat',
      metric: `tool-engine cycle, ${TOOL_POLICIES_MAX.toLocaleString('en-US')} grants vs 1 grant`,
      unit: 'req/s',
      ours: { part: 'max-grants', key: 'hz' },
      anchor: { part: 'one-grant', key: 'hz' },
      anchorLabel: 'the same cycle with 1 grant',
      ratio: 'quotient',
      goal: 'flat: ≥ 0.90 of 1 grant',
      met: (_ours, _anchor, ratio) => ratio >= 0.9,
      digits: 0,
    },
  ],
  async run(part, size) {
    const { allowed } = toolEngineCycle(part === 'max-grants' ? TOOL_POLICIES_MAX : 1);
    const { hz } = await measureRate(allowed, size);
    return { hz };
  },
};

export default scenario;
