import { createRequire } from 'node:module';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { GRANT_META_KEY, MCP_SERVER_NAME } from './constants.js';
import type { McpBridgeSession } from './mcp-bridge-session.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/**
 * A fresh MCP server (the SDK's low-level `Server`) for one connection to `session`: `tools/list`
 * shows the session's granted tools, `tools/call` bridges to its tool client, and the tool list
 * announces `listChanged`.
 */
export function createSessionServer(session: McpBridgeSession): Server {
  const server = new Server(
    { name: MCP_SERVER_NAME, version },
    {
      capabilities: { tools: { listChanged: true } },
      instructions:
        'Tools granted to this agent session by its gate4agent host. The list changes when the operator grants or revokes a tool.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: session.tools().map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      _meta: {
        [GRANT_META_KEY]: {
          providerId: tool.key.providerId,
          capabilityId: tool.key.capabilityId,
          resourceScopeId: tool.key.resourceScopeId,
          generation: tool.key.generation,
          mode: tool.mode,
        },
      },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const progressToken = request.params._meta?.progressToken;
    return session.call(request.params.name, request.params.arguments, {
      signal: extra.signal,
      progressToken,
      sendProgress: (progress, message) =>
        progressToken === undefined
          ? Promise.resolve()
          : extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken, progress, message },
            }),
    });
  });
  session.addServer(server);
  return server;
}
