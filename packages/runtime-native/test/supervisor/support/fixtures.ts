// Shared values of the supervisor tests: the provider of the reference E2E and its observations.

import type { CapabilityRequestKey } from '@gate4agent/tool-protocol';
import {
  CapabilityObservation,
  type CapabilityProviderDescriptor,
  CapabilityRequestId,
  CapabilityResult,
  CapabilityResultDelivery,
  ConsumerId,
  ToolActorId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';

export const PROVIDER_ID = ToolProviderId.of('gate.browser.physical-e2e');
export const CAPABILITY_ID = ToolCapabilityId.of('browser.snapshot');
export const OTHER_CAPABILITY_ID = ToolCapabilityId.of('browser.unknown');

export function providerDescriptor(): CapabilityProviderDescriptor {
  return {
    id: PROVIDER_ID,
    owner: { kind: 'gate' },
    capabilities: [
      { id: CAPABILITY_ID, class: 'browser', description: 'Read controlled page metadata' },
    ],
  };
}

export function requestKey(localId: number, actor = 'agent.physical-e2e'): CapabilityRequestKey {
  return {
    consumerId: ConsumerId.of('consumer-1'),
    actorId: ToolActorId.of(actor),
    localId: CapabilityRequestId.of(localId),
  };
}

/** The reference E2E's `success_observation()`. */
export function successObservation(): CapabilityObservation {
  return CapabilityObservation.succeeded(
    CapabilityResult.of({
      metadata: {
        byteLen: 2,
        mediaType: 'application/json',
        truncated: false,
        redactedSummary: 'controlled provider result',
      },
      delivery: CapabilityResultDelivery.inline(new TextEncoder().encode('{}')),
    }),
  );
}

export function contractViolation(): CapabilityObservation {
  return CapabilityObservation.failed({
    kind: 'provider-contract-violation',
    redactedMessage: null,
  });
}
