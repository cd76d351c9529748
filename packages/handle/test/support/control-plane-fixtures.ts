// Builders shared by the control-plane tests: the helpers of upstream `tests/control_plane.rs`.
import { agentCatalog, Gate4AgentKernel } from '@gate4agent/kernel';
import type {
  CapabilityProviderDescriptor,
  CapabilityRequestInput,
  CapabilityResult,
  GrantMode,
  PolicyGrant,
} from '@gate4agent/tool-protocol';
import {
  CapabilityDescriptor,
  CapabilityRequestId,
  ResourceScopeId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { CommandEnvelope, ControlCommand, SessionGeneration } from '@gate4agent/types';
import {
  AgentId,
  AgentInstanceId,
  CONTROL_PROTOCOL_VERSION,
  CommandId,
  defaultAgentCapabilities,
  ProviderRuntimePolicy,
  unwrap,
} from '@gate4agent/types';
import { expect } from 'vitest';
import type { Gate4AgentHandle } from '../../src/control/gate4agent-handle.js';
import type { ControlPlaneKernelPort } from '../../src/control-plane/control-plane-kernel-port.js';
import type { ProviderRuntimeAuthorityHandle } from '../../src/provider-runtime/provider-runtime-authority-handle.js';
import type { ProviderRuntimeHandle } from '../../src/provider-runtime/provider-runtime-handle.js';
import type { ToolClientHandle } from '../../src/tool/tool-client-handle.js';

export const instance = (): AgentInstanceId => AgentInstanceId.of(71);
export const providerId = (): ToolProviderId => ToolProviderId.of('gate.browser.test');
export const secondaryProviderId = (): ToolProviderId =>
  ToolProviderId.of('gate.browser.secondary');
export const capabilityId = (): ToolCapabilityId => ToolCapabilityId.of('browser.snapshot');
export const resourceScope = (): ResourceScopeId => ResourceScopeId.of('page.active');

export function providerDescriptor(id: ToolProviderId): CapabilityProviderDescriptor {
  return {
    id,
    owner: { kind: 'gate' },
    capabilities: [
      unwrap(CapabilityDescriptor.new(capabilityId(), 'browser', 'Return active page metadata')),
    ],
  };
}

export const provider = (): CapabilityProviderDescriptor => providerDescriptor(providerId());
export const secondaryProvider = (): CapabilityProviderDescriptor =>
  providerDescriptor(secondaryProviderId());

export function result(): CapabilityResult {
  return {
    metadata: {
      byteLen: 2,
      mediaType: 'application/json',
      truncated: false,
      redactedSummary: 'page snapshot captured',
    },
    delivery: { kind: 'inline', bytes: new TextEncoder().encode('{}') },
  };
}

export function command(id: number, body: ControlCommand): CommandEnvelope {
  return { id: CommandId.of(id), command: body };
}

export function request(localId: number, generation: SessionGeneration): CapabilityRequestInput {
  return {
    localId: CapabilityRequestId.of(localId),
    instanceId: instance(),
    generation,
    providerId: providerId(),
    capabilityId: capabilityId(),
    resourceScopeId: resourceScope(),
    approvalSummary: 'Read active page metadata',
    deadlineTick: 100,
    payload: new TextEncoder().encode('{"scope":"active-page"}'),
  };
}

export function grant(
  client: ToolClientHandle,
  generation: SessionGeneration,
  mode: GrantMode,
): PolicyGrant {
  return {
    key: {
      consumerId: client.consumerId(),
      actorId: client.actorId(),
      instanceId: instance(),
      generation,
      providerId: providerId(),
      capabilityId: capabilityId(),
      resourceScopeId: resourceScope(),
    },
    mode,
  };
}

/** The agent catalog of the tests: `claude`, PTY only (stands in for upstream's builtin registry). */
export const catalog = () =>
  agentCatalog([{ id: AgentId.of('claude'), capabilities: defaultAgentCapabilities() }]);

/** A kernel with the given tool providers registered. */
export function kernelWith(providers: CapabilityProviderDescriptor[]): Gate4AgentKernel {
  return unwrap(Gate4AgentKernel.withToolProviders(catalog(), providers));
}

/** Registers and starts the test instance, then reports it spawned; returns its generation. */
export function startRunning(
  kernel: Gate4AgentKernel,
  gate: Gate4AgentHandle,
  port: ControlPlaneKernelPort,
): SessionGeneration {
  unwrap(
    gate.dispatch(
      command(1, {
        kind: 'register',
        instanceId: instance(),
        agentId: AgentId.of('claude'),
        transport: 'pty',
      }),
    ),
  );
  unwrap(
    gate.dispatch(
      command(2, {
        kind: 'start',
        instanceId: instance(),
        runtimePolicy: unwrap(
          ProviderRuntimePolicy.tryNew({
            rawPtyLifecycle: true,
            semanticReadiness: true,
            structuredPrompt: true,
            providerSessionIdentity: true,
            semanticResume: true,
          }),
        ),
        request: {
          workingDirectory: '.',
          terminalSize: { rows: 24, columns: 80 },
          initialPrompt: null,
          sessionOptions: null,
          approvalLevel: 'ask',
        },
      }),
    ),
  );
  const starting = kernel.stepControlPlane(port.drainIngress(8), []);
  const spawn = starting.effects[0];
  if (spawn === undefined) throw new Error('expected a spawn effect');
  port.publishStep(starting);

  const running = kernel.stepControlPlane(
    [],
    [
      {
        protocolVersion: CONTROL_PROTOCOL_VERSION,
        operationId: spawn.operationId,
        instanceId: spawn.instanceId,
        generation: spawn.generation,
        observation: { kind: 'spawned', processId: 9001 },
      },
    ],
  );
  port.publishStep(running);
  const session = running.backendSnapshot.control.sessions[0];
  if (session === undefined) throw new Error('expected a session');
  return session.generation;
}

/** Binds `id` and reduces and publishes its attach; the runtime must then be active. */
export function attachProviderRuntime(
  kernel: Gate4AgentKernel,
  port: ControlPlaneKernelPort,
  authority: ProviderRuntimeAuthorityHandle,
  id: ToolProviderId,
  effectCapacity: number,
): ProviderRuntimeHandle {
  const runtime = unwrap(authority.bindProvider(id, effectCapacity));
  const attached = kernel.stepControlPlane(port.drainIngress(16), []);
  port.publishStep(attached);
  expect(runtime.state()).toBe('active');
  return runtime;
}
