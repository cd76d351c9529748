import type { CapabilityCompletionEnvelope, CapabilityResult } from '@gate4agent/tool-protocol';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_RESULT_MAX_BYTES } from './constants.js';
import { McpToolError } from './mcp-tool-error.js';

/** The `_meta` key under which a result keeps the gate4agent metadata. */
export const RESULT_META_KEY = 'gate4agent/result';
/** The `_meta` key under which a failed call names its {@link McpToolError} kind. */
export const ERROR_META_KEY = 'gate4agent/error';

/** A failed call as an MCP tool result: `isError`, the message as text, the kind in `_meta`. */
export function errorResult(error: McpToolError): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: error.message }],
    _meta: { [ERROR_META_KEY]: { kind: error.kind, tool: error.tool } },
  };
}

const isJson = (mediaType: string | null): boolean =>
  mediaType !== null && /^application\/(?:[\w.+-]+\+)?json\b/i.test(mediaType);

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function successResult(
  tool: string,
  result: CapabilityResult,
  operationId: number | null,
): CallToolResult {
  const { metadata, delivery } = result;
  const meta = {
    [RESULT_META_KEY]: {
      mediaType: metadata.mediaType,
      byteLen: metadata.byteLen,
      truncated: metadata.truncated,
      summary: metadata.redactedSummary,
      operationId,
    },
  };
  if (delivery.kind === 'opaque-reference') {
    return {
      content: [{ type: 'text', text: `result reference: ${delivery.reference}` }],
      _meta: {
        ...meta,
        [RESULT_META_KEY]: { ...meta[RESULT_META_KEY], reference: delivery.reference },
      },
    } satisfies CallToolResult;
  }
  const { bytes } = delivery;
  if (bytes.length > MCP_RESULT_MAX_BYTES) {
    return errorResult(McpToolError.resultTooLarge(tool, bytes.length, MCP_RESULT_MAX_BYTES));
  }
  const mediaType = metadata.mediaType;
  const base64 = () =>
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  if (mediaType !== null && /^image\//i.test(mediaType)) {
    return {
      content: [{ type: 'image' as const, data: base64(), mimeType: mediaType }],
      _meta: meta,
    };
  }
  if (mediaType !== null && /^audio\//i.test(mediaType)) {
    return {
      content: [{ type: 'audio' as const, data: base64(), mimeType: mediaType }],
      _meta: meta,
    };
  }
  const text = decodeUtf8(bytes);
  if (text === null) {
    const uri = `gate4agent://results/${operationId ?? 'unknown'}`;
    const resource = {
      uri,
      blob: base64(),
      ...(mediaType === null ? {} : { mimeType: mediaType }),
    };
    return { content: [{ type: 'resource', resource }], _meta: meta } satisfies CallToolResult;
  }
  const answer: CallToolResult = { content: [{ type: 'text', text }], _meta: meta };
  if (isJson(mediaType)) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return { ...answer, structuredContent: parsed as Record<string, unknown> };
      }
    } catch {
      // Not JSON after all: the text stays as it is.
    }
  }
  return answer;
}

/**
 * A request's terminal completion as the MCP result of its `tools/call`: a success keeps its text
 * (or image / audio / blob by media type), a JSON object as `structuredContent` too, and the media
 * type, size, truncation and summary under `_meta['gate4agent/result']`; every other outcome is a
 * tool error whose text says which and what to do.
 */
export function completionResult(
  tool: string,
  completion: CapabilityCompletionEnvelope,
): CallToolResult {
  const { outcome } = completion;
  if (outcome.kind === 'succeeded') {
    return successResult(tool, outcome.result, completion.operationId);
  }
  return errorResult(McpToolError.fromOutcome(tool, outcome));
}
