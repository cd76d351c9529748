/** The MCP SDK code the bridge runs (`mcp-sdk.ts`), once loaded. */
export type McpSdk = typeof import('./mcp-sdk.js');

let loading: Promise<McpSdk> | null = null;

/**
 * Loads the MCP SDK code the bridge runs, on first call; later calls share the same promise. A
 * failed load (the SDK missing) is forgotten, so the next call tries again.
 */
export function loadMcpSdk(): Promise<McpSdk> {
  loading ??= import('./mcp-sdk.js').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
