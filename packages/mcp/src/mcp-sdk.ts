// The MCP SDK code the bridge runs: its servers and transports. This is the only module (with
// session-server.ts, which only it imports) that imports the SDK's runtime code, and nothing
// imports it statically: `loadMcpSdk` does, the first time a session or the HTTP server needs it.
// So `import('@gate4agent/mcp')` loads neither the SDK nor zod (about 170 module files).
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
export { createSessionServer } from './session-server.js';
