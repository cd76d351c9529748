// Builders shared by the provider-runtime tests: the upstream unit-test helpers, TS-shaped.
import type { BackendIngress } from '@gate4agent/kernel';
import type {
  CapabilityResult,
  InvocationCancelReason,
  ProviderBoundCapabilityEffectEnvelope,
  ProviderRuntimeEnvelope,
} from '@gate4agent/tool-protocol';
import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityRequestId,
  ConsumerId,
  ProviderBindingId,
  ResourceScopeId,
  ToolActorId,
  ToolCapabilityId,
  ToolOperationId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';
import { AgentInstanceId, SessionGeneration, unwrap } from '@gate4agent/types';
import { expect } from 'vitest';
import type { ProviderCancellation } from '../../src/provider-runtime/contract/provider-cancellation.js';
import type { ProviderInvocation } from '../../src/provider-runtime/contract/provider-invocation.js';
import type { ProviderWork } from '../../src/provider-runtime/contract/provider-work.js';
import type { TryRecvError } from '../../src/provider-runtime/contract/try-recv-error.js';
import type { ProviderKernelPort } from '../../src/provider-runtime/provider-kernel-port.js';
import type { ProviderRuntimeAuthorityHandle } from '../../src/provider-runtime/provider-runtime-authority-handle.js';
import type { ProviderRuntimeHandle } from '../../src/provider-runtime/provider-runtime-handle.js';
import type { BoundedQueue } from '../../src/queue/bounded-queue.js';

export const providerId = (): ToolProviderId => ToolProviderId.of('gate.provider.unit');

export function boundInvokeWithOperation(
  bindingId: ProviderBindingId,
  operation: number,
): ProviderBoundCapabilityEffectEnvelope {
  const consumerId = ConsumerId.of('gate-consumer-unit');
  const actorId = ToolActorId.of('gate-actor-unit');
  return {
    bindingId,
    effect: {
      protocolVersion: CAPABILITY_PROTOCOL_VERSION,
      sequence: operation,
      operationId: ToolOperationId.of(operation),
      requestKey: { consumerId, actorId, localId: CapabilityRequestId.of(operation) },
      instanceId: AgentInstanceId.of(1),
      generation: SessionGeneration.of(1),
      providerId: providerId(),
      deadlineTick: 10,
      effect: {
        kind: 'invoke',
        consumerId,
        actorId,
        capabilityId: ToolCapabilityId.of('browser.snapshot'),
        resourceScopeId: ResourceScopeId.of('page.active'),
        payload: new TextEncoder().encode('{}'),
      },
    },
  };
}

export const boundInvoke = (bindingId: ProviderBindingId): ProviderBoundCapabilityEffectEnvelope =>
  boundInvokeWithOperation(bindingId, 1);

export function boundCancel(
  invoke: ProviderBoundCapabilityEffectEnvelope,
  sequence: number,
  reason: InvocationCancelReason,
): ProviderBoundCapabilityEffectEnvelope {
  return {
    bindingId: invoke.bindingId,
    effect: { ...invoke.effect, sequence, effect: { kind: 'cancel', reason } },
  };
}

export function result(): CapabilityResult {
  return {
    metadata: {
      byteLen: 2,
      mediaType: 'application/json',
      truncated: false,
      redactedSummary: null,
    },
    delivery: { kind: 'inline', bytes: new TextEncoder().encode('{}') },
  };
}

/** The next ingress item, which must be a provider-runtime envelope. */
export function recvProvider(ingress: BoundedQueue<BackendIngress>): ProviderRuntimeEnvelope {
  const item = unwrap(ingress.tryRecv(), 'ingress receive');
  if (item.kind !== 'tool-provider') throw new Error(`expected provider ingress, got ${item.kind}`);
  return item.envelope;
}

/** The work item, which must be an invoke. */
export function expectInvoke(work: Result<ProviderWork, TryRecvError>): ProviderInvocation {
  const item = unwrap(work, 'work receive');
  if (item.kind !== 'invoke') throw new Error('expected invocation');
  return item.invocation;
}

/** The work item, which must be a cancel. */
export function expectCancel(work: Result<ProviderWork, TryRecvError>): ProviderCancellation {
  const item = unwrap(work, 'work receive');
  if (item.kind !== 'cancel') throw new Error('expected cancellation');
  return item.cancellation;
}

/** Binds the unit provider with capacity 2 and publishes its `attached` outcome. */
export function activate(
  authority: ProviderRuntimeAuthorityHandle,
  port: ProviderKernelPort,
  ingress: BoundedQueue<BackendIngress>,
): ProviderRuntimeHandle {
  const runtime = unwrap(authority.bindProvider(providerId(), 2));
  const attach = recvProvider(ingress);
  port.publishOutcome({
    sequence: attach.sequence,
    bindingId: runtime.bindingId(),
    providerId: providerId(),
    result: { ok: true, value: { kind: 'attached' } },
  });
  expect(runtime.state()).toBe('active');
  return runtime;
}

export const binding = (id: number): ProviderBindingId => ProviderBindingId.of(id);
