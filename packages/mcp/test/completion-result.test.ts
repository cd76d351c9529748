// Every terminal outcome of a bridged call, as the MCP result the agent reads.
import type {
  CapabilityCompletionEnvelope,
  CapabilityTerminalOutcome,
} from '@gate4agent/tool-protocol';
import { describe, expect, it } from 'vitest';
import { completionResult, RESULT_META_KEY } from '../src/completion-result.js';
import { MCP_RESULT_MAX_BYTES } from '../src/constants.js';
import { errorKind } from './support/call-tool.js';

const completion = (outcome: CapabilityTerminalOutcome) =>
  ({ operationId: 7, outcome }) as unknown as CapabilityCompletionEnvelope;
const cancellation = 'cancel-queued-unconfirmed' as const;
const kindOf = (outcome: CapabilityTerminalOutcome) =>
  errorKind(completionResult('t', completion(outcome)));
const textOf = (outcome: CapabilityTerminalOutcome) => {
  const [part] = completionResult('t', completion(outcome)).content;
  return part?.type === 'text' ? part.text : '';
};
const succeeded = (bytes: Uint8Array, mediaType: string | null): CapabilityTerminalOutcome => ({
  kind: 'succeeded',
  result: {
    metadata: { byteLen: bytes.length, mediaType, truncated: false, redactedSummary: null },
    delivery: { kind: 'inline', bytes },
  },
});

describe('completionResult', () => {
  it('names each failure and what to do', () => {
    const cases: [CapabilityTerminalOutcome, string, string][] = [
      [
        { kind: 'policy-denied', reason: { kind: 'missing-grant' } },
        'policy-denied',
        'ask the operator for a grant',
      ],
      [{ kind: 'approval-denied' }, 'approval-denied', 'the operator denied'],
      [{ kind: 'grant-revoked', cancellation }, 'grant-revoked', 'was revoked'],
      [{ kind: 'timed-out', cancellation }, 'timed-out', 'passed its deadline'],
      [
        { kind: 'superseded', currentGeneration: 3 as never, cancellation },
        'superseded',
        'moved to generation 3',
      ],
      [{ kind: 'instance-closed', cancellation }, 'instance-closed', 'the agent session closed'],
      [{ kind: 'client-closed', cancellation }, 'client-closed', 'start a new MCP connection'],
      [{ kind: 'client-cancelled', cancellation }, 'client-cancelled', 'was cancelled'],
      [
        { kind: 'provider-detached', cancellation },
        'provider-detached',
        'provider of tool t retired',
      ],
      [
        { kind: 'failed', failure: { kind: 'execution', redactedMessage: 'boom' } },
        'failed',
        'tool t failed (execution): boom',
      ],
    ];
    for (const [outcome, kind, words] of cases) {
      expect(completionResult('t', completion(outcome)).isError).toBe(true);
      expect(kindOf(outcome)).toBe(kind);
      expect(textOf(outcome)).toContain(words);
    }
  });

  it('keeps text, JSON as structured content, images and the media type', () => {
    const json = completionResult(
      't',
      completion(succeeded(new TextEncoder().encode('{"a":1}'), 'application/json')),
    );
    expect(json.structuredContent).toEqual({ a: 1 });
    expect((json._meta?.[RESULT_META_KEY] as { mediaType: string } | undefined)?.mediaType).toBe(
      'application/json',
    );
    const plain = completionResult(
      't',
      completion(succeeded(new TextEncoder().encode('[1]'), 'text/plain')),
    );
    expect(plain.structuredContent).toBeUndefined();
    expect(plain.content).toEqual([{ type: 'text', text: '[1]' }]);
    const image = completionResult('t', completion(succeeded(new Uint8Array([1, 2]), 'image/png')));
    expect(image.content).toEqual([{ type: 'image', data: 'AQI=', mimeType: 'image/png' }]);
    const big = completionResult(
      't',
      completion(succeeded(new Uint8Array(MCP_RESULT_MAX_BYTES + 1), null)),
    );
    expect(errorKind(big)).toBe('result-too-large');
  });
});
