// ToolEngine.request throughput, admit to completion (run by `pnpm bench`, not by tests). Every
// iteration is one request's whole life: admit under an exact allow grant, drain its invoke, apply
// a succeeded observation and drain its completion. Setup fills the request table to
// TOOL_REQUESTS_MAX with terminal records, so every admission also evicts the oldest one: the
// steady state of a long-running engine. The deny iteration admits a request no grant covers.
// Both run with 1 grant and with TOOL_POLICIES_MAX (4 096): the rates should match.
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
import { bench, describe } from 'vitest';
import { ToolEngine } from '../src/index.js';

const instanceId = AgentInstanceId.of(41);
const generation = SessionGeneration.of(1);
const consumerId = ConsumerId.of('gate4agent-client-1');
const actorId = ToolActorId.of('agent.bench');
const providerId = ToolProviderId.of('gate.browser.bench');
const capabilityId = ToolCapabilityId.of('browser.snapshot');
const grantedScope = ResourceScopeId.of('page.granted');
const ungrantedScope = ResourceScopeId.of('page.ungranted');
const payload = utf8Encode('{"scope":"active-page"}');
const resultBytes = utf8Encode('{}');

/** An engine holding `grants` allow grants (the last one covers `grantedScope`), table full. */
function benchEngine(grants: number): { allowed: () => void; denied: () => void } {
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
    unwrap(
      engine.applyAuthority({
        protocolVersion: CAPABILITY_PROTOCOL_VERSION,
        sequence: index + 1,
        command: {
          kind: 'set-grant',
          grant: {
            key: {
              consumerId,
              actorId,
              instanceId,
              generation,
              providerId,
              capabilityId,
              resourceScopeId:
                index === grants - 1 ? grantedScope : ResourceScopeId.of(`page.other-${index}`),
            },
            mode: 'allow',
          },
        },
      }),
    );
  }

  /** One request, admitted, invoked, observed and completed; throws if any step went wrong. */
  function allowedRoundTrip(): void {
    if (unwrap(engine.request(request(grantedScope))).kind !== 'allow')
      throw new Error('not allowed');
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
  }

  function deniedRoundTrip(): void {
    if (unwrap(engine.request(request(ungrantedScope))).kind !== 'deny')
      throw new Error('not denied');
    if (engine.drainCompletions().completions.length !== 1) throw new Error('no completion');
  }

  for (let index = 0; index < TOOL_REQUESTS_MAX; index += 1) allowedRoundTrip();
  return { allowed: allowedRoundTrip, denied: deniedRoundTrip };
}

let nextLocalId = 1;

function request(resourceScopeId: ResourceScopeId): ConsumerBoundCapabilityRequest {
  const localId = CapabilityRequestId.of(nextLocalId);
  nextLocalId += 1;
  return ConsumerBoundCapabilityRequest.new(
    consumerId,
    actorId,
    CapabilityRequestInput.of({
      localId,
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

for (const grants of [1, TOOL_POLICIES_MAX]) {
  const { allowed, denied } = benchEngine(grants);
  describe(`request throughput, ${grants} grant${grants === 1 ? '' : 's'}, a full table (${TOOL_REQUESTS_MAX} records)`, () => {
    bench('admit → invoke → observe → completion (allow)', allowed);
    bench('admit → policy-denied completion (deny)', denied);
  });
}
