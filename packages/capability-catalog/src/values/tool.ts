/** What a tool returns to the agent loop: text for the model and whether the call succeeded. */
export interface ToolOutput {
  readonly content: string;
  readonly success: boolean;
}

/** What a tool execution may observe about the Run that called it. */
export interface ToolContext {
  readonly sessionId: string;
  readonly runId: string;
  /** Fires when the Run or its Session is cancelled. */
  readonly signal: AbortSignal;
}

/** A model-visible tool definition (name, description, JSON Schema parameters). */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters: unknown;
}

/**
 * An executable tool. A Tool capability value wraps one; the compatibility registry holds the
 * Session's dynamic ones. `execute` may reject: the agent loop reports that as an error result.
 */
export interface Tool {
  readonly name: string;
  readonly description: string;
  readonly parameters: unknown;
  execute(args: unknown, context: ToolContext): Promise<ToolOutput>;
}

/** The definition the model sees for `tool`. */
export function toolDefinition(tool: Tool): ToolDefinition {
  return { name: tool.name, description: tool.description, parameters: tool.parameters };
}
