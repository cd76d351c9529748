// Kernel steps per second with 64 tool requests per step (run by `pnpm bench:packages`, not by
// tests).
// Each step admits 64 new requests (4 actors × 16, inside the 32-per-client limit) and completes
// the 64 invocations released by the previous step, so the request table stays in steady state.
import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityObservation,
  CapabilityObservationEnvelope,
  CapabilityRequestId,
  CapabilityResultDelivery,
  ConsumerBoundCapabilityRequest,
  ProviderBindingId,
  type ProviderBoundCapabilityEffectEnvelope,
  ToolActorId,
} from '@gate4agent/tool-protocol';
import type { SessionGeneration } from '@gate4agent/types';
import { bench, describe } from 'vitest';
import type { BackendIngress } from '../src/kernel/backend-ingress.js';
import {
  attachToolProvider,
  kernelWithProvider,
  startRunning,
  toolConsumer,
  toolPolicyGrant,
  toolRequest,
} from '../test/kernel/kernel-fixtures.js';

const REQUESTS_PER_STEP = 64;
const ACTORS = 4;
const binding = ProviderBindingId.of(1);
const actors = Array.from({ length: ACTORS }, (_, index) => ToolActorId.of(`bench-actor-${index}`));

const kernel = kernelWithProvider();
attachToolProvider(kernel, 1);
const generation: SessionGeneration = startRunning(kernel);
kernel.stepControlPlane(
  actors.map((actorId, index) => ({
    kind: 'tool-authority' as const,
    envelope: {
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      sequence: index + 1,
      command: {
        kind: 'set-grant' as const,
        grant: {
          ...toolPolicyGrant(generation),
          key: { ...toolPolicyGrant(generation).key, actorId },
        },
      },
    },
  })),
  [],
);

let nextLocalId = 1;
let providerSequence = 1;
let released: ProviderBoundCapabilityEffectEnvelope[] = [];

function observe(effect: ProviderBoundCapabilityEffectEnvelope): BackendIngress {
  providerSequence += 1;
  return {
    kind: 'tool-provider',
    envelope: {
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      sequence: providerSequence,
      command: {
        kind: 'observe',
        bindingId: effect.bindingId,
        observation: CapabilityObservationEnvelope.of({
          protocolVersion: CAPABILITY_PROTOCOL_VERSION,
          operationId: effect.effect.operationId,
          requestKey: effect.effect.requestKey,
          instanceId: effect.effect.instanceId,
          generation: effect.effect.generation,
          providerId: effect.effect.providerId,
          observation: CapabilityObservation.succeeded({
            metadata: { byteLen: 2, mediaType: null, truncated: false, redactedSummary: null },
            delivery: CapabilityResultDelivery.inline(new Uint8Array([123, 125])),
          }),
        }),
      },
    },
  };
}

function request(index: number): BackendIngress {
  const base = toolRequest(nextLocalId, generation);
  nextLocalId += 1;
  const bound = ConsumerBoundCapabilityRequest.new(toolConsumer(), actors[index % ACTORS]!, {
    ...base.request,
    localId: CapabilityRequestId.of(nextLocalId),
    deadlineTick: Number.MAX_SAFE_INTEGER,
  });
  return { kind: 'tool-request', request: { providerBindingId: binding, request: bound } };
}

describe('kernel step', () => {
  bench(`stepControlPlane with ${REQUESTS_PER_STEP} tool requests`, () => {
    const ingress: BackendIngress[] = released.map(observe);
    for (let index = 0; index < REQUESTS_PER_STEP; index += 1) ingress.push(request(index));
    const step = kernel.stepControlPlane(ingress, []);
    released = step.toolEffects.filter((effect) => effect.effect.effect.kind === 'invoke');
    if (released.length !== REQUESTS_PER_STEP) {
      throw new Error(`expected ${REQUESTS_PER_STEP} invocations, released ${released.length}`);
    }
  });
});
