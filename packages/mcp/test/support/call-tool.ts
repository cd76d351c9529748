import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ERROR_META_KEY } from '../../src/completion-result.js';

/** `client.callTool`, typed as the current protocol's result (not the legacy `toolResult`). */
export async function callTool(
  client: Client,
  ...args: Parameters<Client['callTool']>
): Promise<CallToolResult> {
  return (await client.callTool(...args)) as CallToolResult;
}

/** The bridge's error kind of a failed call, from `_meta`. */
export const errorKind = (result: CallToolResult): string | undefined =>
  (result._meta?.[ERROR_META_KEY] as { kind: string } | undefined)?.kind;

/** The text parts of a result, joined. */
export const text = (result: CallToolResult): string =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
