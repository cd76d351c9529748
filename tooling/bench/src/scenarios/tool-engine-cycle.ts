// Issue #14 row "tool-engine request cycle, 1 / 4,096 grants": one request's whole life through
// the public ToolEngine (admit under an exact allow grant, drain its invoke, apply a succeeded
// observation, drain its completion), with the request table already full of terminal records
// (the steady state of a long-running engine), once with 1 grant and once with TOOL_POLICIES_MAX.
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

function roundTrip(engine: ToolEngine, nextId: () => number): () => void {
  return () => {
    const request = ConsumerBoundCapabilityRequest.new(
      consumerId,
      actorId,
      CapabilityRequestInput.of({
        localId: CapabilityRequestId.of(nextId()),
        instanceId,
        generation,
        providerId,
        capabilityId,
        resourceScopeId: scope(0),
        approvalSummary: 'Bench a request',
        deadlineTick: Number.MAX_SAFE_INTEGER,
        payload,
      }),
    );
    if (unwrap(engine.request(request)).kind !== 'allow') throw new Error('request not allowed');
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
    const engine = engineWith(part === 'max-grants' ? TOOL_POLICIES_MAX : 1);
    let localId = 0;
    const step = roundTrip(engine, () => {
      localId += 1;
      return localId;
    });
    for (let index = 0; index < TOOL_REQUESTS_MAX; index += 1) step();
    const { hz } = await measureRate(step, size);
    return { hz };
  },
};

export default scenario;
