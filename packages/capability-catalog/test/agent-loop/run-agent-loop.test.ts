import { describe, expect, it } from 'vitest';
import { type ModelClient, runAgentLoop, type Tool } from '../../src/index.js';
import { finalTextResponse, toolCallResponse } from '../../src/testing/index.js';

const context = { sessionId: 's', runId: 'r', signal: new AbortController().signal };

function client(
  script: (call: number) => ReturnType<typeof finalTextResponse>,
): ModelClient & { seen: string[][] } {
  let call = 0;
  const seen: string[][] = [];
  return {
    seen,
    async complete(_messages, _system, tools) {
      seen.push(tools.map((t) => t.name));
      const response = script(call);
      call += 1;
      return response;
    },
    completeStreaming: () => {
      throw new Error('unused');
    },
  };
}

describe('runAgentLoop', () => {
  it('sorts definitions, reports unknown and throwing tools as error results and counts calls', async () => {
    const throwing: Tool = {
      name: 'boom',
      description: 'b',
      parameters: {},
      execute: async () => {
        throw new Error('exploded');
      },
    };
    const echo: Tool = {
      name: 'a-echo',
      description: 'e',
      parameters: {},
      execute: async (args) => ({ content: JSON.stringify(args), success: true }),
    };
    const model = client((call) =>
      call === 0
        ? {
            ...toolCallResponse('1', 'boom', {}),
            message: {
              role: 'assistant',
              content: [
                { type: 'tool_use', id: '1', name: 'boom', input: {} },
                { type: 'tool_use', id: '2', name: 'missing', input: {} },
                { type: 'tool_use', id: '3', name: 'a-echo', input: { x: 1 } },
              ],
            },
          }
        : finalTextResponse('all done'),
    );
    const result = await runAgentLoop({
      client: model,
      tools: new Map([
        ['boom', throwing],
        ['a-echo', echo],
      ]),
      system: null,
      prompt: 'go',
      context,
    });
    expect(result).toMatchObject({ ok: true, value: { text: 'all done', toolCallsCount: 3 } });
    expect(model.seen[0]).toEqual(['a-echo', 'boom']);
    const results = result.ok ? result.value.messages[2]!.content : [];
    expect(results).toEqual([
      { type: 'tool_result', toolUseId: '1', content: 'exploded', isError: true },
      { type: 'tool_result', toolUseId: '2', content: 'unknown tool', isError: true },
      { type: 'tool_result', toolUseId: '3', content: '{"x":1}', isError: false },
    ]);
  });

  it('fails after maxRounds model calls that all ask for tools', async () => {
    const model = client(() => toolCallResponse('x', 'missing', {}));
    expect(
      await runAgentLoop({
        client: model,
        tools: new Map(),
        system: null,
        prompt: 'go',
        context,
        maxRounds: 2,
      }),
    ).toEqual({
      ok: false,
      error: 'the model exceeded 2 rounds',
    });
    expect(model.seen).toHaveLength(2);
  });
});
