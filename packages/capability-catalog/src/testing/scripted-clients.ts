import type {
  ContentBlock,
  Message,
  ModelClient,
  ModelResponse,
  StreamEvent,
} from '../agent-loop/model-client.js';
import type { ToolDefinition } from '../values/tool.js';
import { Latch } from './latch.js';

const USAGE = Object.freeze({ promptTokens: 1, completionTokens: 1, totalTokens: 2 });
/** How long a scripted client waits for a test to release a blocked call. */
const RELEASE_TIMEOUT_MS = 60_000;

/** An assistant response calling `name` with `input` under the tool-use id `id`. */
export function toolCallResponse(id: string, name: string, input: unknown): ModelResponse {
  return {
    message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] },
    usage: USAGE,
    stopReason: 'tool_use',
  };
}

/** An assistant response that ends the turn with `text`. */
export function finalTextResponse(text: string): ModelResponse {
  return {
    message: { role: 'assistant', content: [{ type: 'text', text }] },
    usage: USAGE,
    stopReason: 'end_turn',
  };
}

async function* refuse(message: string): AsyncIterable<StreamEvent> {
  yield* [];
  throw new Error(message);
}

/** A client that must never be called: each call is counted and then rejected. */
export class NoopClient implements ModelClient {
  calls = 0;

  async complete(): Promise<ModelResponse> {
    this.calls += 1;
    throw new Error('the no-op client must not be called');
  }

  completeStreaming(): AsyncIterable<StreamEvent> {
    this.calls += 1;
    return refuse('the no-op client must not be called');
  }
}

/**
 * The tool cutover script. Call 0 records the `projected` definition, signals
 * `oldDefinitionObserved` and blocks until `releaseOldCall`, then calls the tool; call 1 ends
 * generation one; call 2 records the definition again and calls the tool; call 3 ends
 * generation two. Without a `projected` tool it answers "auxiliary completion".
 */
export class CutoverClient implements ModelClient {
  calls = 0;
  readonly observedDefinitions: string[] = [];
  readonly oldDefinitionObserved = new Latch();
  readonly releaseOldCall = new Latch();

  #observe(tools: readonly ToolDefinition[]): void {
    const definition = tools.find((d) => d.name === 'projected');
    if (definition === undefined) throw new Error('projected Tool definition is missing');
    this.observedDefinitions.push(definition.description);
  }

  async complete(
    _messages: readonly Message[],
    _system: string | null,
    tools: readonly ToolDefinition[],
  ): Promise<ModelResponse> {
    if (!tools.some((d) => d.name === 'projected'))
      return finalTextResponse('auxiliary completion');
    const call = this.calls;
    this.calls += 1;
    switch (call) {
      case 0:
        this.#observe(tools);
        this.oldDefinitionObserved.signal();
        await this.releaseOldCall.wait(RELEASE_TIMEOUT_MS);
        return toolCallResponse('projected-one', 'projected', { generation: 'one' });
      case 1:
        return finalTextResponse('generation one complete');
      case 2:
        this.#observe(tools);
        return toolCallResponse('projected-two', 'projected', { generation: 'two' });
      case 3:
        return finalTextResponse('generation two complete');
      default:
        throw new Error(`unexpected CutoverClient call ${call}`);
    }
  }

  completeStreaming(): AsyncIterable<StreamEvent> {
    return refuse('streaming is not used by the cutover test');
  }
}

function latestToolResult(messages: readonly Message[]): string {
  for (let m = messages.length - 1; m >= 0; m -= 1) {
    const content: readonly ContentBlock[] = messages[m]!.content;
    for (let b = content.length - 1; b >= 0; b -= 1) {
      const block = content[b]!;
      if (block.type === 'tool_result') return block.content;
    }
  }
  throw new Error('search_skills result is missing');
}

/**
 * The skill cutover script over `search_skills`. Call 0 signals `oldSurfaceObserved`, blocks
 * until `releaseOldCall`, then searches `pinned-skill`; call 1 requires `generation-one` in the
 * result; call 2 searches `pinned`; call 3 requires `generation-two`. Each accepted result is
 * appended to `observedSearchVersions`.
 */
export class SkillCutoverClient implements ModelClient {
  calls = 0;
  readonly observedSearchVersions: string[] = [];
  readonly oldSurfaceObserved = new Latch();
  readonly releaseOldCall = new Latch();

  async complete(
    messages: readonly Message[],
    _system: string | null,
    tools: readonly ToolDefinition[],
  ): Promise<ModelResponse> {
    if (!tools.some((d) => d.name === 'search_skills'))
      return finalTextResponse('auxiliary completion');
    const call = this.calls;
    this.calls += 1;
    switch (call) {
      case 0:
        this.oldSurfaceObserved.signal();
        await this.releaseOldCall.wait(RELEASE_TIMEOUT_MS);
        return toolCallResponse('search-generation-one', 'search_skills', {
          query: 'pinned-skill',
        });
      case 1: {
        const result = latestToolResult(messages);
        if (!result.includes('generation-one')) {
          throw new Error(`first Run search_skills resolved another generation: ${result}`);
        }
        this.observedSearchVersions.push('generation-one');
        return finalTextResponse('skill generation one complete');
      }
      case 2:
        return toolCallResponse('search-generation-two', 'search_skills', { query: 'pinned' });
      case 3: {
        const result = latestToolResult(messages);
        if (!result.includes('generation-two')) {
          throw new Error(`second Run search_skills resolved another generation: ${result}`);
        }
        this.observedSearchVersions.push('generation-two');
        return finalTextResponse('skill generation two complete');
      }
      default:
        throw new Error(`unexpected SkillCutoverClient call ${call}`);
    }
  }

  completeStreaming(): AsyncIterable<StreamEvent> {
    return refuse('streaming is not used by the Skill cutover test');
  }
}
