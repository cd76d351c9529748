// Shared builders for the tests: the values of the upstream tests and of the reference E2E.
import { AgentInstanceId, SessionGeneration, utf8Encode } from '@gate4agent/types';
import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityEffect,
  type CapabilityEffectEnvelope,
  CapabilityObservation,
  type CapabilityObservationEnvelope,
  CapabilityRequestId,
  CapabilityRequestInput,
  type CapabilityRequestKey,
  CapabilityResult,
  CapabilityResultDelivery,
  ConsumerBoundCapabilityRequest,
  ConsumerId,
  type PolicyKey,
  ResourceScopeId,
  ToolActorId,
  ToolCapabilityId,
  ToolOperationId,
  ToolProviderId,
} from '../../src/index.js';

export const SECRET = 'secret payload';

export const consumerId = (): ConsumerId => ConsumerId.of('station.test');
export const actorId = (): ToolActorId => ToolActorId.of('agent.primary');
export const providerId = (): ToolProviderId => ToolProviderId.of('gate.browser');
export const capabilityId = (): ToolCapabilityId => ToolCapabilityId.of('browser.page.snapshot');
export const resourceScopeId = (): ResourceScopeId =>
  ResourceScopeId.of('workspace:test/page:active');

export function requestInput(
  overrides: Partial<CapabilityRequestInput> = {},
): CapabilityRequestInput {
  return CapabilityRequestInput.of({
    localId: CapabilityRequestId.of(7),
    instanceId: AgentInstanceId.of(11),
    generation: SessionGeneration.of(3),
    providerId: providerId(),
    capabilityId: capabilityId(),
    resourceScopeId: resourceScopeId(),
    approvalSummary: 'Read active page state',
    deadlineTick: 20,
    payload: utf8Encode(SECRET),
    ...overrides,
  });
}

export function boundRequest(
  overrides: Partial<CapabilityRequestInput> = {},
): ConsumerBoundCapabilityRequest {
  return ConsumerBoundCapabilityRequest.new(consumerId(), actorId(), requestInput(overrides));
}

export function requestKey(): CapabilityRequestKey {
  return { consumerId: consumerId(), actorId: actorId(), localId: CapabilityRequestId.of(7) };
}

export function policyKey(overrides: Partial<PolicyKey> = {}): PolicyKey {
  return {
    consumerId: consumerId(),
    actorId: actorId(),
    instanceId: AgentInstanceId.of(11),
    generation: SessionGeneration.of(3),
    providerId: providerId(),
    capabilityId: capabilityId(),
    resourceScopeId: resourceScopeId(),
    ...overrides,
  };
}

/** The reference E2E's `success_result()`. */
export function successResult(): CapabilityResult {
  return CapabilityResult.of({
    metadata: {
      byteLen: 2,
      mediaType: 'application/json',
      truncated: false,
      redactedSummary: 'controlled provider result',
    },
    delivery: CapabilityResultDelivery.inline(utf8Encode('{}')),
  });
}

export function observationEnvelope(
  observation: CapabilityObservation = CapabilityObservation.succeeded(successResult()),
): CapabilityObservationEnvelope {
  return {
    protocolVersion: CAPABILITY_PROTOCOL_VERSION,
    operationId: ToolOperationId.of(9),
    requestKey: requestKey(),
    instanceId: AgentInstanceId.of(11),
    generation: SessionGeneration.of(3),
    providerId: providerId(),
    observation,
  };
}

export function effectEnvelope(
  overrides: Partial<CapabilityEffectEnvelope> = {},
): CapabilityEffectEnvelope {
  return {
    protocolVersion: CAPABILITY_PROTOCOL_VERSION,
    sequence: 1,
    operationId: ToolOperationId.of(9),
    requestKey: requestKey(),
    instanceId: AgentInstanceId.of(11),
    generation: SessionGeneration.of(3),
    providerId: providerId(),
    deadlineTick: 20,
    effect: CapabilityEffect.invoke({
      consumerId: consumerId(),
      actorId: actorId(),
      capabilityId: capabilityId(),
      resourceScopeId: resourceScopeId(),
      payload: utf8Encode(SECRET),
    }),
    ...overrides,
  };
}

/** A structural copy to compare against after a rejected call: nothing may have changed. */
export function snapshotOf<T>(value: T): T {
  return structuredClone(value);
}
