// One runtime with the interactive fixture agent, a native provider whose operations are real
// child processes, an MCP bridge session for the agent, and the SDK's own Client over stdio or
// Streamable HTTP. Disposing the harness closes all of it and proves nothing is left running.
import { fileURLToPath } from 'node:url';
import { AgentRegistry } from '@gate4agent/agent-catalog';
import type { Gate4AgentHandle, ProviderInvocation, Subscription } from '@gate4agent/handle';
import {
  type AgentSession,
  ChildProcessProviderExecutor,
  NativeRuntime,
  type PhysicalExitAck,
} from '@gate4agent/runtime-native';
import {
  CONTROL_FIXTURE_ID,
  FIXTURE_RUN_ENV,
  fixtureRunTag,
  interactiveAgentSpec,
  trackProcess,
} from '@gate4agent/testkit';
import {
  CapabilityDescriptor,
  type GrantMode,
  type PolicyGrant,
  ResourceScopeId,
  ToolCapabilityId,
  ToolProviderId,
} from '@gate4agent/tool-protocol';
import { AgentId, type SessionGeneration, unwrap } from '@gate4agent/types';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpBridge, type McpBridgeOptions, type McpSessionEndpoint } from '../../src/mcp-bridge.js';

export const PROVIDER_ID = ToolProviderId.of('gate.mcp.test');
export const CAPABILITY_ID = ToolCapabilityId.of('browser.echo');
export const SECOND_CAPABILITY_ID = ToolCapabilityId.of('browser.other');
export const SCOPE = ResourceScopeId.of('scope.test');
/** The input schema of {@link SECOND_CAPABILITY_ID}'s descriptor (it leaves `type` out). */
export const SECOND_INPUT_SCHEMA = {
  properties: { text: { type: 'string', description: 'What to pass on' } },
  required: ['text'],
};
const PROVIDER_SCRIPT = fileURLToPath(new URL('../fixtures/provider.mjs', import.meta.url));

export interface BridgeHarness extends AsyncDisposable {
  readonly runtime: NativeRuntime;
  /** The runtime's control handle (raw control commands such as a restart's `start`). */
  readonly handle: Gate4AgentHandle;
  readonly agent: AgentSession;
  readonly generation: SessionGeneration;
  readonly bridge: McpBridge;
  readonly endpoint: McpSessionEndpoint;
  /** Provider child pids by operation id. */
  readonly pids: Map<number, number>;
  readonly acks: Subscription<PhysicalExitAck>;
  grant(capabilityId?: ToolCapabilityId, mode?: GrantMode): Promise<PolicyGrant>;
  stdioClient(): Promise<Client>;
  httpClient(headers?: Record<string, string>): Promise<Client>;
  ackOf(operationId: number): Promise<PhysicalExitAck>;
}

export async function bridgeHarness(options: McpBridgeOptions = {}): Promise<BridgeHarness> {
  const descriptor = {
    id: PROVIDER_ID,
    owner: { kind: 'gate' as const },
    capabilities: [
      unwrap(CapabilityDescriptor.new(CAPABILITY_ID, 'browser', 'Echo, hold or fail, as asked')),
      unwrap(
        CapabilityDescriptor.new(SECOND_CAPABILITY_ID, 'browser', 'Another capability', {
          inputSchema: SECOND_INPUT_SCHEMA,
        }),
      ),
    ],
  };
  const { handle, runtime } = unwrap(
    NativeRuntime.create(unwrap(AgentRegistry.create([interactiveAgentSpec()])), {
      providers: [descriptor],
      config: { providerStopGraceMs: 300 },
    }),
  );
  const clients: Client[] = [];
  let bridge: McpBridge | null = null;
  let agent: AgentSession | null = null;
  const dispose = async () => {
    for (const client of clients) await client.close();
    await bridge?.dispose();
    await agent?.dispose();
    unwrap(await runtime.shutdownNativeProviders());
    await runtime.dispose();
  };
  try {
    agent = await runtime.launchAgent(AgentId.of(CONTROL_FIXTURE_ID));
    if (agent.processId !== null) trackProcess(agent.processId, 'fixture agent', { group: true });
    const generation = agent.generation;
    if (generation === null) throw new Error('the fixture agent is not running');
    const pids = new Map<number, number>();
    const executor = new ChildProcessProviderExecutor({
      command: process.execPath,
      args: [PROVIDER_SCRIPT],
      env: { [FIXTURE_RUN_ENV]: fixtureRunTag() },
    });
    const acks = runtime.subscribeProviderExitAcks(64);
    unwrap(
      runtime.installNativeProvider(PROVIDER_ID, 8, {
        start(invocation: ProviderInvocation) {
          const started = executor.start(invocation);
          if (started.ok) {
            trackProcess(started.value.pid, 'provider child', { group: true });
            pids.set(invocation.operationId(), started.value.pid);
          }
          return started;
        },
        onActivity: (listener) => executor.onActivity(listener),
      }),
    );
    bridge = await McpBridge.create(runtime, options);
    const endpoint = await bridge.openSession(agent.instanceId);
    const session = endpoint.session;
    await runtime.waitUntil(() =>
      session.client.snapshot().availableProviders.includes(PROVIDER_ID),
    );
    const seenAcks: PhysicalExitAck[] = [];
    const running = agent;
    return {
      runtime,
      handle,
      agent: running,
      generation,
      bridge,
      endpoint,
      pids,
      acks,
      async grant(capabilityId = CAPABILITY_ID, mode: GrantMode = 'allow') {
        const grant = session.grantFor(generation, {
          providerId: PROVIDER_ID,
          capabilityId,
          resourceScopeId: SCOPE,
          mode,
        });
        await runtime.toolAuthority().grant(grant);
        return grant;
      },
      async stdioClient() {
        const transport = new StdioClientTransport({
          command: endpoint.stdio.command,
          args: [...endpoint.stdio.args],
          env: { ...endpoint.stdio.env, [FIXTURE_RUN_ENV]: fixtureRunTag() },
          stderr: 'inherit',
        });
        const client = new Client({ name: 'bridge-test', version: '1.0.0' });
        clients.push(client);
        await client.connect(transport);
        if (transport.pid !== null) trackProcess(transport.pid, 'gate4agent-mcp');
        return client;
      },
      async httpClient(headers) {
        const entry = await endpoint.http();
        const transport = new StreamableHTTPClientTransport(new URL(entry.url), {
          requestInit: { headers: headers ?? { ...entry.headers } },
        });
        const client = new Client({ name: 'bridge-test', version: '1.0.0' });
        clients.push(client);
        await client.connect(transport);
        return client;
      },
      async ackOf(operationId) {
        const seen = seenAcks.find((ack) => ack.operation.operationId === operationId);
        if (seen !== undefined) return seen;
        for await (const ack of acks) {
          seenAcks.push(ack);
          if (ack.operation.operationId === operationId) return ack;
        }
        throw new Error(`no exit ack for operation ${operationId}`);
      },
      [Symbol.asyncDispose]: dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}
