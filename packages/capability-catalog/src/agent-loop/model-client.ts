import type { ToolDefinition } from '../values/tool.js';

/** One block of a message. */
export type ContentBlock =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'tool_use';
      readonly id: string;
      readonly name: string;
      readonly input: unknown;
    }
  | {
      readonly type: 'tool_result';
      readonly toolUseId: string;
      readonly content: string;
      readonly isError: boolean;
    };

/** One conversation message. */
export interface Message {
  readonly role: 'user' | 'assistant';
  readonly content: readonly ContentBlock[];
}

/** Token accounting of one completion. */
export interface TokenUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
}

/** Why the model stopped: it wants tools run, or it is done. */
export type StopReason = 'tool_use' | 'end_turn';

/** One model completion. */
export interface ModelResponse {
  readonly message: Message & { readonly role: 'assistant' };
  readonly usage: TokenUsage;
  readonly stopReason: StopReason;
}

/** One event of a streamed completion; the last is `done` with the whole response. */
export type StreamEvent =
  | { readonly type: 'text-delta'; readonly text: string }
  | { readonly type: 'done'; readonly response: ModelResponse };

/**
 * The model the agent loop talks to. `complete` is what the loop uses; `completeStreaming`
 * is part of the contract for hosts that stream. Either may reject; the Run then fails.
 */
export interface ModelClient {
  complete(
    messages: readonly Message[],
    system: string | null,
    tools: readonly ToolDefinition[],
    signal: AbortSignal,
  ): Promise<ModelResponse>;
  completeStreaming(
    messages: readonly Message[],
    system: string | null,
    tools: readonly ToolDefinition[],
    signal: AbortSignal,
  ): AsyncIterable<StreamEvent>;
}

/** A user message of plain text. */
export function userText(text: string): Message {
  return { role: 'user', content: [{ type: 'text', text }] };
}
