import { setTimeout as sleep } from 'node:timers/promises';
// Builders shared by the NativeRuntime, PTY and E2E tests (the helpers at the bottom of upstream's
// runtime-native test files).
import { AgentRegistry } from '@gate4agent/agent-catalog';
import type { Gate4AgentHandle, ToolClientHandle } from '@gate4agent/handle';
import { trackProcess } from '@gate4agent/testkit';
import type {
  CapabilityProviderDescriptor,
  CapabilityRequestInput,
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
import type {
  AgentSpec,
  ApprovalLevel,
  CommandEnvelope,
  ControlCommand,
  SessionGeneration,
  StartRequest,
  TerminalSize,
} from '@gate4agent/types';
import {
  type AgentInstanceId,
  ApprovalLevel as ApprovalLevels,
  CommandId,
  ProviderRuntimePolicy,
  unwrap,
} from '@gate4agent/types';
import type { NativeRuntime } from '../../../src/runtime/native-runtime.js';

export const providerId = (): ToolProviderId => ToolProviderId.of('gate.browser.physical-e2e');
export const capabilityId = (): ToolCapabilityId => ToolCapabilityId.of('browser.snapshot');
export const resourceScope = (): ResourceScopeId => ResourceScopeId.of('page.active');

export function providerDescriptor(): CapabilityProviderDescriptor {
  return {
    id: providerId(),
    owner: { kind: 'gate' },
    capabilities: [
      unwrap(
        CapabilityDescriptor.new(capabilityId(), 'browser', 'Return controlled page metadata'),
      ),
    ],
  };
}

export function command(id: number, body: ControlCommand): CommandEnvelope {
  return { id: CommandId.of(id), command: body };
}

export function registry(...specs: AgentSpec[]): AgentRegistry {
  return unwrap(AgentRegistry.create(specs));
}

export function semanticRuntimePolicy(): ProviderRuntimePolicy {
  return unwrap(
    ProviderRuntimePolicy.tryNew({
      rawPtyLifecycle: true,
      semanticReadiness: true,
      structuredPrompt: true,
      providerSessionIdentity: true,
      semanticResume: true,
    }),
  );
}

export function startRequest(
  terminalSize: TerminalSize,
  initialPrompt: string | null = null,
  workingDirectory: string = process.cwd(),
): StartRequest {
  const approvalLevel: ApprovalLevel = ApprovalLevels.default();
  return { workingDirectory, terminalSize, initialPrompt, sessionOptions: null, approvalLevel };
}

export function grant(
  client: ToolClientHandle,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
  mode: GrantMode,
): PolicyGrant {
  return {
    key: {
      consumerId: client.consumerId(),
      actorId: client.actorId(),
      instanceId,
      generation,
      providerId: providerId(),
      capabilityId: capabilityId(),
      resourceScopeId: resourceScope(),
    },
    mode,
  };
}

export function request(
  localId: number,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
): CapabilityRequestInput {
  return {
    localId: CapabilityRequestId.of(localId),
    instanceId,
    generation,
    providerId: providerId(),
    capabilityId: capabilityId(),
    resourceScopeId: resourceScope(),
    approvalSummary: 'Read controlled page metadata',
    deadlineTick: 10_000,
    payload: new TextEncoder().encode('{"scope":"active-page"}'),
  };
}

/** Registers every live session's PTY root (and its group) with the testkit's process tracker. */
export function trackSessions(handle: Gate4AgentHandle): void {
  for (const session of handle.snapshot().sessions) {
    if (session.processId !== null) {
      trackProcess(session.processId, `pty session ${session.instanceId}`, { group: true });
    }
  }
}

/** `driveUntil` options whose tick also registers every new PTY root with the process tracker. */
export function trackedTicks(
  runtime: NativeRuntime,
  handle: Gate4AgentHandle,
): { tick: () => void } {
  return {
    tick: () => {
      runtime.tick();
      trackSessions(handle);
    },
  };
}

/** The platform's timer promise, under the name these tests use. */
export { sleep };
