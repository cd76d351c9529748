// The helper world of upstream's engine tests: instance 41 at generation 1, consumer
// `station.test`, actor `consumer.agent`, a consumer-owned provider and a Gate-owned one, one
// capability and scope, and a 23-byte payload. Upstream calls the private set_grant, revoke_grant,
// resolve_approval and close_client directly; `internal(engine)` does the same through the state.
import {
  type ApprovalResolution,
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityDescriptor,
  CapabilityEffect,
  CapabilityEffectEnvelope,
  CapabilityObservation,
  CapabilityObservationEnvelope,
  type CapabilityProviderDescriptor,
  CapabilityRequestId,
  CapabilityRequestInput,
  type CapabilityRequestKey,
  CapabilityResult,
  CapabilityResultDelivery,
  ConsumerBoundCapabilityRequest as ConsumerBound,
  type ConsumerBoundCapabilityRequest,
  ConsumerId,
  type GrantMode,
  type PolicyGrant,
  type PolicyKey,
  ResourceScopeId,
  TOOL_EFFECTS_MAX,
  ToolActorId,
  ToolCapabilityId,
  ToolOperationId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { AgentInstanceId, SessionGeneration, unwrap, utf8Encode } from '@gate4agent/types';
import { COUNTER_MAX } from '../../src/constants.js';
import { engineStateOf, ToolEngine } from '../../src/engine/tool-engine.js';
import { closeClient } from '../../src/operations/close-client.js';
import { revokeGrant, setGrant } from '../../src/operations/grant.js';
import { resolveApproval } from '../../src/operations/resolve-approval.js';

export const instance = (): AgentInstanceId => AgentInstanceId.of(41);
export const generation = (value: number): SessionGeneration => SessionGeneration.of(value);
export const actor = (): ToolActorId => ToolActorId.of('consumer.agent');
export const consumer = (): ConsumerId => ConsumerId.of('station.test');
export const resourceScope = (): ResourceScopeId =>
  ResourceScopeId.of('workspace:test/page:active');
export const providerId = (): ToolProviderId => ToolProviderId.of('gate.browser-future');
export const gateProviderId = (): ToolProviderId => ToolProviderId.of('gate.browser-shared');
export const capabilityId = (): ToolCapabilityId => ToolCapabilityId.of('browser.page.snapshot');
export const PAYLOAD = '{"scope":"active-page"}';

export function provider(): CapabilityProviderDescriptor {
  return {
    id: providerId(),
    owner: { kind: 'consumer', consumerId: consumer() },
    capabilities: [
      unwrap(
        CapabilityDescriptor.new(
          capabilityId(),
          'browser',
          'Return consumer-owned page state metadata',
        ),
      ),
    ],
  };
}

export function gateProvider(): CapabilityProviderDescriptor {
  return {
    id: gateProviderId(),
    owner: { kind: 'gate' },
    capabilities: [
      unwrap(
        CapabilityDescriptor.new(
          capabilityId(),
          'browser',
          'Return Gate-owned page state metadata',
        ),
      ),
    ],
  };
}

export function grant(mode: GrantMode): PolicyGrant {
  return {
    key: {
      consumerId: consumer(),
      actorId: actor(),
      instanceId: instance(),
      generation: generation(1),
      providerId: providerId(),
      capabilityId: capabilityId(),
      resourceScopeId: resourceScope(),
    },
    mode,
  };
}

export function scopedGrant(
  instanceId: AgentInstanceId,
  sessionGeneration: SessionGeneration,
  resource: string,
  mode: GrantMode,
): PolicyGrant {
  const scoped = grant(mode);
  return {
    key: {
      ...scoped.key,
      instanceId,
      generation: sessionGeneration,
      resourceScopeId: ResourceScopeId.of(resource),
    },
    mode,
  };
}

export function request(
  id: number,
  gen: number,
  deadlineTick: number,
): ConsumerBoundCapabilityRequest {
  return ConsumerBound.new(
    consumer(),
    actor(),
    CapabilityRequestInput.of({
      localId: CapabilityRequestId.of(id),
      instanceId: instance(),
      generation: generation(gen),
      providerId: providerId(),
      capabilityId: capabilityId(),
      resourceScopeId: resourceScope(),
      approvalSummary: 'Read active page state',
      deadlineTick,
      payload: utf8Encode(PAYLOAD),
    }),
  );
}

export function requestKey(id: number): CapabilityRequestKey {
  return { consumerId: consumer(), actorId: actor(), localId: CapabilityRequestId.of(id) };
}

export function requestForClient(
  id: number,
  consumerId: ConsumerId,
  actorId: ToolActorId,
): ConsumerBoundCapabilityRequest {
  const bound = request(id, 1, 100);
  bound.consumerId = consumerId;
  bound.actorId = actorId;
  return bound;
}

export function grantForClient(
  consumerId: ConsumerId,
  actorId: ToolActorId,
  mode: GrantMode,
): PolicyGrant {
  const base = grant(mode);
  return { key: { ...base.key, consumerId, actorId }, mode };
}

export function acceptedSequence(engine: ToolEngine, id: number): number {
  const snapshot = engine.requestSnapshot(requestKey(id));
  if (snapshot === undefined) throw new Error(`no request ${id}`);
  return snapshot.acceptedSequence;
}

export function resolution(
  engine: ToolEngine,
  id: number,
  decision: ApprovalResolution['decision'],
): ApprovalResolution {
  return {
    requestKey: requestKey(id),
    acceptedSequence: acceptedSequence(engine, id),
    instanceId: instance(),
    generation: generation(1),
    decision,
  };
}

export function dummyEffect(): CapabilityEffectEnvelope {
  return CapabilityEffectEnvelope.of({
    protocolVersion: CAPABILITY_PROTOCOL_VERSION,
    sequence: 9_999,
    operationId: ToolOperationId.of(9_999),
    requestKey: requestKey(9_999),
    instanceId: AgentInstanceId.of(9_999),
    generation: SessionGeneration.of(9_999),
    providerId: providerId(),
    deadlineTick: COUNTER_MAX,
    effect: CapabilityEffect.cancel('deadline-elapsed'),
  });
}

export function fillEffectQueue(engine: ToolEngine): void {
  engineStateOf(engine).effects = Array.from({ length: TOOL_EFFECTS_MAX }, dummyEffect);
}

/** Upstream's private methods, called on the engine's state. */
export function internal(engine: ToolEngine) {
  const state = engineStateOf(engine);
  return {
    state,
    setGrant: (value: PolicyGrant) => setGrant(state, value),
    revokeGrant: (key: PolicyKey) => revokeGrant(state, key),
    resolveApproval: (value: ApprovalResolution) => resolveApproval(state, value),
    closeClient: (consumerId: ConsumerId, actorId: ToolActorId) =>
      closeClient(state, consumerId, actorId),
    /** The payload the record still holds (upstream `requests[&key].request.payload`). */
    storedPayload: (key: CapabilityRequestKey): Uint8Array => {
      const record = state.requests.get(key);
      if (record === undefined) throw new Error('no such request');
      return record.payload;
    },
    grantMode: (key: PolicyKey) => state.grants.mode(key),
  };
}

export function configured(mode: GrantMode | null): ToolEngine {
  const engine = new ToolEngine();
  unwrap(engine.registerProvider(provider()));
  unwrap(engine.setGeneration(instance(), generation(1)));
  if (mode !== null) unwrap(internal(engine).setGrant(grant(mode)));
  return engine;
}

/** Upstream's `FakeProvider::succeed`: a valid success for an invoke effect. */
export function succeed(effect: CapabilityEffectEnvelope): CapabilityObservationEnvelope {
  if (effect.effect.kind !== 'invoke') throw new Error('expected an invoke effect');
  return CapabilityObservationEnvelope.of({
    protocolVersion: CAPABILITY_PROTOCOL_VERSION,
    operationId: effect.operationId,
    requestKey: effect.requestKey,
    instanceId: effect.instanceId,
    generation: effect.generation,
    providerId: effect.providerId,
    observation: CapabilityObservation.succeeded(
      CapabilityResult.of({
        metadata: {
          byteLen: 2,
          mediaType: 'application/json',
          truncated: false,
          redactedSummary: 'page snapshot captured',
        },
        delivery: CapabilityResultDelivery.inline(utf8Encode('{}') as Uint8Array<ArrayBuffer>),
      }),
    ),
  });
}
