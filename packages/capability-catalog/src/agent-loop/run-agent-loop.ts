import { err, ok, type Result } from '@gate4agent/types';
import { DEFAULT_MAX_TOOL_ROUNDS } from '../constants.js';
import { describeThrown } from '../errors/leaf-errors.js';
import { type Tool, type ToolContext, type ToolOutput, toolDefinition } from '../values/tool.js';
import { type ContentBlock, type Message, type ModelClient, userText } from './model-client.js';

/** What one finished agent loop produced. */
export interface AgentResult {
  readonly text: string;
  readonly toolCallsCount: number;
  readonly messages: readonly Message[];
}

/** The inputs of {@link runAgentLoop}. */
export interface AgentLoopOptions {
  readonly client: ModelClient;
  /** The Run-frozen tools; the model sees their definitions sorted by name. */
  readonly tools: ReadonlyMap<string, Tool>;
  readonly system: string | null;
  readonly prompt: string;
  readonly context: ToolContext;
  readonly maxRounds?: number;
}

async function execute(
  tool: Tool | undefined,
  input: unknown,
  context: ToolContext,
): Promise<ToolOutput> {
  if (tool === undefined) return { content: 'unknown tool', success: false };
  try {
    return await tool.execute(input, context);
  } catch (thrown) {
    return { content: describeThrown(thrown), success: false };
  }
}

/**
 * The minimal agent loop: ask the model, run the tools it calls (an unknown tool or a thrown
 * error becomes an error result), feed the results back, until it answers without tool calls.
 * More than `maxRounds` model calls, or a model failure, is an error with the reason.
 */
export async function runAgentLoop(
  options: AgentLoopOptions,
): Promise<Result<AgentResult, string>> {
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_TOOL_ROUNDS;
  const definitions = [...options.tools.values()]
    .map(toolDefinition)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const messages: Message[] = [userText(options.prompt)];
  let toolCallsCount = 0;
  for (let round = 0; round < maxRounds; round += 1) {
    if (options.context.signal.aborted) return err('the Run was cancelled');
    let response: Awaited<ReturnType<ModelClient['complete']>>;
    try {
      response = await options.client.complete(
        messages,
        options.system,
        definitions,
        options.context.signal,
      );
    } catch (thrown) {
      return err(describeThrown(thrown));
    }
    messages.push(response.message);
    const calls = response.message.content.filter(
      (b): b is Extract<ContentBlock, { type: 'tool_use' }> => b.type === 'tool_use',
    );
    if (calls.length === 0) {
      const text = response.message.content
        .filter((b): b is Extract<ContentBlock, { type: 'text' }> => b.type === 'text')
        .map((b) => b.text)
        .join('');
      return ok({ text, toolCallsCount, messages });
    }
    const results: ContentBlock[] = [];
    for (const call of calls) {
      toolCallsCount += 1;
      const output = await execute(options.tools.get(call.name), call.input, options.context);
      results.push({
        type: 'tool_result',
        toolUseId: call.id,
        content: output.content,
        isError: !output.success,
      });
    }
    messages.push({ role: 'user', content: results });
  }
  return err(`the model exceeded ${maxRounds} rounds`);
}
