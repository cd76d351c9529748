// The demo's MCP section: a small MCP client (the SDK's own Client, speaking stdio through
// gate4agent-mcp, as an agent CLI would) calls the granted tool through the bridge, then a revoke
// ends a second call mid-flight and its provider process is stopped.
import { McpBridge } from '@gate4agent/mcp';
import type { AgentSession, NativeRuntime } from '@gate4agent/runtime-native';
import { isProcessAlive } from '@gate4agent/testkit';
import type { SessionGeneration } from '@gate4agent/types';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Report } from './report.js';
import {
  CAPABILITY_ID,
  PROVIDER_ID,
  RESOURCE_SCOPE,
  type StartedOperations,
} from './tool-provider.js';

const resultText = (result: CallToolResult): string =>
  result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('');

/** Runs the MCP section against the running agent session; leaves nothing open. */
export async function runMcpSection(
  runtime: NativeRuntime,
  agent: AgentSession,
  generation: SessionGeneration,
  started: StartedOperations,
  report: Report,
): Promise<void> {
  await using bridge = await McpBridge.create(runtime);
  const { session, stdio } = await bridge.openSession(agent.instanceId);
  report.line(
    `MCP session for agent session ${agent.instanceId}: client ${session.client.consumerId()}`,
  );
  const client = new Client({ name: 'gate4agent-demo', version: '0.0.0' });
  try {
    await client.connect(
      new StdioClientTransport({
        command: stdio.command,
        args: [...stdio.args],
        env: { ...stdio.env },
      }),
    );
    report.line('MCP client connected over stdio (gate4agent-mcp and a private Unix socket)');
    const grant = session.grantFor(generation, {
      providerId: PROVIDER_ID,
      capabilityId: CAPABILITY_ID,
      resourceScopeId: RESOURCE_SCOPE,
    });
    await runtime.toolAuthority().grant(grant);
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    report.line(`granted ${CAPABILITY_ID}; tools/list: ${tools.join(', ')}`);

    const name = tools[0] ?? 'browser_demo';
    const echoed = (await client.callTool({
      name,
      arguments: { op: 'echo', text: 'through MCP' },
    })) as CallToolResult;
    report.line(`tools/call ${name} echo: ${resultText(echoed)}`);

    const held = client.callTool({ name, arguments: { op: 'hold' } }) as Promise<CallToolResult>;
    const pid = await runtime.waitUntil(() => {
      const operations = runtime.nativeProviderSnapshot(PROVIDER_ID)?.operations ?? [];
      const mine = operations.find(
        (entry) => entry.operation.requestKey.consumerId === session.client.consumerId(),
      );
      return mine === undefined ? undefined : started.get(mine.operation.operationId);
    });
    report.line(`tools/call ${name} hold runs as pid ${pid}; revoking the grant`);
    await runtime.toolAuthority().revoke(grant.key);
    const ended = await held;
    report.line(
      `tools/call ${name} hold ended (isError ${ended.isError === true}): ${resultText(ended)}`,
    );
    await runtime.waitUntil(() => !isProcessAlive(pid));
    report.line(`pid ${pid}: stopped and reaped`);
  } finally {
    await client.close();
  }
  report.line('MCP client closed; bridge disposed');
}
