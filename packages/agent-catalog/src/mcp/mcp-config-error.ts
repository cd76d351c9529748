/** Why an agent's MCP configuration could not be planned. */
export type McpConfigError =
  | { readonly kind: 'unsupported-agent'; readonly agentId: string; readonly message: string }
  | {
      readonly kind: 'invalid-entry';
      readonly field: string;
      readonly message: string;
    };

/** One factory per {@link McpConfigError} kind; each message says what to do. */
export const McpConfigError = {
  /** The agent has no MCP configuration writer here. */
  unsupportedAgent: (agentId: string, supported: readonly string[]): McpConfigError => ({
    kind: 'unsupported-agent',
    agentId,
    message: `agent ${agentId} has no MCP configuration writer (supported: ${supported.join(', ')}); launch it without mcp, or configure its MCP server yourself`,
  }),
  /** A field of the server entry cannot be written safely. */
  invalidEntry: (field: string, problem: string): McpConfigError => ({
    kind: 'invalid-entry',
    field,
    message: `MCP server entry ${field} ${problem}; correct the entry the MCP attachment returned`,
  }),
} as const;
