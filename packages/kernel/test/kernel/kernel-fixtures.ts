// Fixtures of the ported gate4agent-kernel tests: instance 11, agent `claude`, PTY, the all-flags
// policy, cwd ".", 24×80, `spawned.processId = 123`; the browser snapshot tool provider and its
// consumer, actor, scope, summary, deadline 100 and payload.
import {
  CAPABILITY_PROTOCOL_VERSION,
  CapabilityDescriptor,
  CapabilityObservation,
  CapabilityObservationEnvelope,
  type CapabilityProviderDescriptor,
  CapabilityRequestId,
  CapabilityResultDelivery,
  ConsumerBoundCapabilityRequest,
  ConsumerId,
  type PolicyGrant,
  type ProviderBindingId,
  type ProviderBoundCapabilityEffectEnvelope,
  ProviderBoundCapabilityRequest,
  type ProviderRuntimeCommand,
  ResourceScopeId,
  ToolActorId,
  type ToolAuthorityEnvelope,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import {
  AgentId,
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  type CommandEnvelope,
  CommandId,
  defaultAgentCapabilities,
  type ObservationEnvelope,
  ProviderRuntimePolicy,
  type SessionGeneration,
  unwrap,
} from '@gate4agent/types';
import { expect } from 'vitest';
import { agentCatalog, type KernelAgentCatalog } from '../../src/kernel/agent-catalog.js';
import type { BackendIngress } from '../../src/kernel/backend-ingress.js';
import { Gate4AgentKernel } from '../../src/kernel/gate4agent-kernel.js';

/** The agents the ported tests use: `claude` and `grok`, both PTY-only. */
export function testCatalog(): KernelAgentCatalog {
  return agentCatalog(
    ['claude', 'grok'].map((id) => ({
      id: AgentId.of(id),
      capabilities: defaultAgentCapabilities(),
    })),
  );
}

/** Upstream `Gate4AgentKernel::default()`: the catalog and no tool providers. */
export const defaultKernel = (): Gate4AgentKernel => new Gate4AgentKernel(testCatalog());

export const instance = (): AgentInstanceId => AgentInstanceId.of(11);

export const verifiedRuntimePolicy = (): ProviderRuntimePolicy =>
  unwrap(
    ProviderRuntimePolicy.tryNew({
      rawPtyLifecycle: true,
      semanticReadiness: true,
      structuredPrompt: true,
      providerSessionIdentity: true,
      semanticResume: true,
    }),
  );

export function command(id: number, body: CommandEnvelope['command']): CommandEnvelope {
  return { id: CommandId.of(id), command: body };
}

export const register = (id: number, agent: string): CommandEnvelope =>
  command(id, {
    kind: 'register',
    instanceId: instance(),
    agentId: AgentId.of(agent),
    transport: 'pty',
  });

export const startCommand = (id: number): CommandEnvelope =>
  command(id, {
    kind: 'start',
    instanceId: instance(),
    runtimePolicy: verifiedRuntimePolicy(),
    request: {
      workingDirectory: '.',
      terminalSize: { rows: 24, columns: 80 },
      initialPrompt: null,
      sessionOptions: null,
      approvalLevel: 'ask',
    },
  });

export const toolConsumer = () => ConsumerId.of('kernel-test-consumer');
export const toolActor = () => ToolActorId.of('kernel-test-actor');
export const toolProviderId = () => ToolProviderId.of('kernel-browser-provider');
export const toolCapabilityId = () => ToolCapabilityId.of('browser.snapshot');
export const toolResourceScope = () => ResourceScopeId.of('active-page');
export const otherToolProviderId = () => ToolProviderId.of('kernel-browser-provider-secondary');

export const toolProvider = (): CapabilityProviderDescriptor => ({
  id: toolProviderId(),
  owner: { kind: 'gate' },
  capabilities: [
    unwrap(CapabilityDescriptor.new(toolCapabilityId(), 'browser', 'Return active page metadata')),
  ],
});

export const otherToolProvider = (): CapabilityProviderDescriptor => ({
  id: otherToolProviderId(),
  owner: { kind: 'gate' },
  capabilities: [
    unwrap(
      CapabilityDescriptor.new(
        ToolCapabilityId.of('browser.snapshot.secondary'),
        'browser',
        'Return secondary page metadata',
      ),
    ),
  ],
});

export function toolRequest(
  localId: number,
  generation: SessionGeneration,
): ConsumerBoundCapabilityRequest {
  return ConsumerBoundCapabilityRequest.new(toolConsumer(), toolActor(), {
    localId: CapabilityRequestId.of(localId),
    instanceId: instance(),
    generation,
    providerId: toolProviderId(),
    capabilityId: toolCapabilityId(),
    resourceScopeId: toolResourceScope(),
    approvalSummary: 'Read active page metadata',
    deadlineTick: 100,
    payload: new TextEncoder().encode('{"scope":"active-page"}'),
  });
}

export const boundRequest = (
  bindingId: ProviderBindingId | null,
  request: ConsumerBoundCapabilityRequest,
): BackendIngress => ({
  kind: 'tool-request',
  request: ProviderBoundCapabilityRequest.new(bindingId, request),
});

export const toolPolicyGrant = (generation: SessionGeneration): PolicyGrant => ({
  key: {
    consumerId: toolConsumer(),
    actorId: toolActor(),
    instanceId: instance(),
    generation,
    providerId: toolProviderId(),
    capabilityId: toolCapabilityId(),
    resourceScopeId: toolResourceScope(),
  },
  mode: 'allow',
});

export const toolGrant = (
  generation: SessionGeneration,
  sequence: number,
): ToolAuthorityEnvelope => ({
  protocolVersion: CAPABILITY_PROTOCOL_VERSION,
  sequence,
  command: { kind: 'set-grant', grant: toolPolicyGrant(generation) },
});

export const authority = (envelope: ToolAuthorityEnvelope): BackendIngress => ({
  kind: 'tool-authority',
  envelope,
});

export const providerRuntime = (
  sequence: number,
  body: ProviderRuntimeCommand,
): BackendIngress => ({
  kind: 'tool-provider',
  envelope: { protocolVersion: CAPABILITY_PROTOCOL_VERSION, sequence, command: body },
});

/** Attaches the browser provider with `bindingId = sequence` and asserts `attached`. */
export function attachToolProvider(kernel: Gate4AgentKernel, sequence: number): ProviderBindingId {
  const bindingId = sequence as ProviderBindingId;
  const step = kernel.stepControlPlane(
    [providerRuntime(sequence, { kind: 'attach', bindingId, providerId: toolProviderId() })],
    [],
  );
  const outcome = step.ingressOutcomes[0];
  expect(outcome?.kind === 'tool-provider' && outcome.outcome.result).toEqual({
    ok: true,
    value: { kind: 'attached' },
  });
  return bindingId;
}

/** A valid `succeeded` observation of `effect` (2 bytes of JSON, inline). */
export function successfulObservation(
  effect: ProviderBoundCapabilityEffectEnvelope,
): CapabilityObservationEnvelope {
  return CapabilityObservationEnvelope.of({
    protocolVersion: CAPABILITY_PROTOCOL_VERSION,
    operationId: effect.effect.operationId,
    requestKey: effect.effect.requestKey,
    instanceId: effect.effect.instanceId,
    generation: effect.effect.generation,
    providerId: effect.effect.providerId,
    observation: CapabilityObservation.succeeded({
      metadata: {
        byteLen: 2,
        mediaType: 'application/json',
        truncated: false,
        redactedSummary: 'provider result',
      },
      delivery: CapabilityResultDelivery.inline(new TextEncoder().encode('{}')),
    }),
  });
}

/** The spawned observation that answers a `spawn` effect. */
export function spawnedObservation(spawn: {
  operationId: number;
  instanceId: AgentInstanceId;
  generation: SessionGeneration;
}): ObservationEnvelope {
  return {
    protocolVersion: CONTROL_PROTOCOL_VERSION,
    operationId: spawn.operationId as ObservationEnvelope['operationId'],
    instanceId: spawn.instanceId,
    generation: spawn.generation,
    observation: { kind: 'spawned', processId: 123 },
  };
}

/** One step [register, start], one step with `spawned`; asserts it runs and returns its generation. */
export function startRunning(kernel: Gate4AgentKernel): SessionGeneration {
  const starting = kernel.step([register(1, 'claude'), startCommand(2)], []);
  const spawn = starting.effects[0]!;
  const running = kernel.step([], [spawnedObservation(spawn)]);
  expect(running.integrationErrors).toEqual([]);
  expect(running.snapshot.sessions[0]!.status).toEqual({ kind: 'running' });
  return running.snapshot.sessions[0]!.generation;
}

/** A kernel with the browser provider registered (upstream `with_tool_providers(.., [tool_provider()])`). */
export const kernelWithProvider = (
  ...providers: CapabilityProviderDescriptor[]
): Gate4AgentKernel =>
  unwrap(
    Gate4AgentKernel.withToolProviders(
      testCatalog(),
      providers.length > 0 ? providers : [toolProvider()],
    ),
  );
