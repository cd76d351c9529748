// A runtime with the fixture agents and one native provider whose operations are child processes.
import { fileURLToPath } from 'node:url';
import { AgentRegistry } from '@gate4agent/agent-catalog';
import type { ToolClientHandle } from '@gate4agent/handle';
import { ChildProcessProviderExecutor, NativeRuntime } from '@gate4agent/runtime-native';
import { FIXTURE_RUN_ARG, fixtureRunTag } from '@gate4agent/testkit';
import {
  CapabilityDescriptor,
  type CapabilityProviderDescriptor,
  CapabilityRequestId,
  type CapabilityRequestInput,
  type PolicyGrant,
  ResourceScopeId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import {
  type AgentInstanceId,
  type AgentSpec,
  type SessionGeneration,
  unwrap,
} from '@gate4agent/types';

export const PROVIDER_ID = ToolProviderId.of('gate.web.test');
export const CAPABILITY_ID = ToolCapabilityId.of('browser.web-test');
export const SCOPE_ID = ResourceScopeId.of('page.web-test');

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/** The provider of the tests: one capability, gate-owned. */
export function providerDescriptor(): CapabilityProviderDescriptor {
  return {
    id: PROVIDER_ID,
    owner: { kind: 'gate' },
    capabilities: [unwrap(CapabilityDescriptor.new(CAPABILITY_ID, 'browser', 'Hold or echo'))],
  };
}

/** A runtime over `specs` with the test provider registered. */
export function testRuntime(specs: AgentSpec[]): NativeRuntime {
  const catalog = unwrap(AgentRegistry.create(specs));
  return unwrap(
    NativeRuntime.create(catalog, {
      config: { providerStopGraceMs: 500 },
      providers: [providerDescriptor()],
    }),
  ).runtime;
}

/** Installs the test provider (child processes running `hold-provider.mjs`) and waits for it. */
export async function installProvider(
  runtime: NativeRuntime,
  client: ToolClientHandle,
): Promise<void> {
  const executor = new ChildProcessProviderExecutor({
    command: process.execPath,
    args: [fixture('hold-provider.mjs')],
  });
  unwrap(runtime.installNativeProvider(PROVIDER_ID, 8, executor));
  await runtime.waitUntil(() => client.snapshot().availableProviders.includes(PROVIDER_ID));
}

/** The grant of the test capability to `client` on one session generation. */
export function testGrant(
  client: ToolClientHandle,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
  mode: PolicyGrant['mode'] = 'allow',
): PolicyGrant {
  return {
    key: {
      consumerId: client.consumerId(),
      actorId: client.actorId(),
      instanceId,
      generation,
      providerId: PROVIDER_ID,
      capabilityId: CAPABILITY_ID,
      resourceScopeId: SCOPE_ID,
    },
    mode,
  };
}

/** A request of the test capability whose payload is `payload`. */
export function testRequest(
  localId: number,
  instanceId: AgentInstanceId,
  generation: SessionGeneration,
  payload: string,
): CapabilityRequestInput {
  return {
    localId: CapabilityRequestId.of(localId),
    instanceId,
    generation,
    providerId: PROVIDER_ID,
    capabilityId: CAPABILITY_ID,
    resourceScopeId: SCOPE_ID,
    approvalSummary: `test ${payload}`,
    deadlineTick: 1_000_000,
    payload: new TextEncoder().encode(payload),
  };
}

/** `base` launching the ticker fixture: a line every `intervalMs` until stopped. */
export function tickerSpec(base: AgentSpec, intervalMs: number): AgentSpec {
  return {
    ...base,
    launch: {
      program: process.execPath,
      fixedArgs: [
        fixture('ticker.mjs'),
        String(intervalMs),
        `${FIXTURE_RUN_ARG}${fixtureRunTag()}`,
      ],
    },
  };
}
