import { fileURLToPath } from 'node:url';
import type {
  NativeProviderExecutor,
  NativeProviderOperation,
  ProviderInvocation,
  ToolClientHandle,
} from '@gate4agent/handle';
import { ChildProcessProviderExecutor } from '@gate4agent/runtime-native';
import type {
  CapabilityProviderDescriptor,
  CapabilityRequestInput,
  PolicyGrant,
  ToolFailure,
} from '@gate4agent/tool-protocol';
import {
  CapabilityDescriptor,
  CapabilityRequestId,
  ResourceScopeId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import type { AgentInstanceId, Result, SessionGeneration } from '@gate4agent/types';
import { unwrap } from '@gate4agent/types';

/** The demo's provider, capability and resource scope. */
export const PROVIDER_ID = ToolProviderId.of('gate.demo.provider');
export const CAPABILITY_ID = ToolCapabilityId.of('browser.demo');
export const RESOURCE_SCOPE = ResourceScopeId.of('page.demo');

/**
 * The provider script. It is not compiled: `../src/` resolves to the same file from `src/*.ts`
 * (tests) and from `dist/*.js` (the built app).
 */
export const PROVIDER_SCRIPT = fileURLToPath(
  new URL('../src/provider-script.mjs', import.meta.url),
);

/** A gate-owned provider with one capability. */
export function providerDescriptor(): CapabilityProviderDescriptor {
  return {
    id: PROVIDER_ID,
    owner: { kind: 'gate' },
    capabilities: [
      unwrap(
        CapabilityDescriptor.new(CAPABILITY_ID, 'browser', 'Demo provider: echo, fail or hold'),
      ),
    ],
  };
}

/** The pid of each started operation, by operation id. */
export type StartedOperations = Map<number, number>;

/**
 * The production executor running the provider script with this Node binary, wrapped only to
 * record each operation's pid so the demo can show that the process really is gone.
 */
export function demoExecutor(started: StartedOperations): NativeProviderExecutor {
  const executor = new ChildProcessProviderExecutor({
    command: process.execPath,
    args: [PROVIDER_SCRIPT],
  });
  return {
    start(invocation: ProviderInvocation): Result<NativeProviderOperation, ToolFailure> {
      const result = executor.start(invocation);
      if (result.ok) started.set(invocation.operationId(), result.value.pid);
      return result;
    },
  };
}

/** The grant that lets `client` use the capability on this session generation. */
export function demoGrant(
  client: ToolClientHandle,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
): PolicyGrant {
  return {
    key: {
      consumerId: client.consumerId(),
      actorId: client.actorId(),
      instanceId,
      generation,
      providerId: PROVIDER_ID,
      capabilityId: CAPABILITY_ID,
      resourceScopeId: RESOURCE_SCOPE,
    },
    mode: 'allow',
  };
}

/** What a demo request asks the provider script to do. */
export type DemoOp = { op: 'echo'; text: string } | { op: 'fail' } | { op: 'hold' };

/** One capability request carrying `op` as its JSON payload. */
export function demoRequest(
  localId: number,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
  op: DemoOp,
): CapabilityRequestInput {
  return {
    localId: CapabilityRequestId.of(localId),
    instanceId,
    generation,
    providerId: PROVIDER_ID,
    capabilityId: CAPABILITY_ID,
    resourceScopeId: RESOURCE_SCOPE,
    approvalSummary: `demo ${op.op}`,
    deadlineTick: 10_000,
    payload: new TextEncoder().encode(JSON.stringify(op)),
  };
}
