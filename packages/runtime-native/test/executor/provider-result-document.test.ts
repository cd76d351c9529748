import { TOOL_INLINE_RESULT_MAX_BYTES } from '@gate4agent/tool-protocol';
import { describe, expect, it } from 'vitest';
import { CHILD_PROCESS_RESULT_MAX_BYTES } from '../../src/constants.js';
import {
  decodeProviderResult,
  decodeProviderResultDocument,
  parseProviderResultDocument,
} from '../../src/executor/provider-result-document.js';

const encode = (value: unknown) =>
  new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const decode = (value: unknown, max = CHILD_PROCESS_RESULT_MAX_BYTES) =>
  decodeProviderResult(encode(value), max);
const violation = (redactedMessage: string) => ({
  kind: 'failed',
  failure: { kind: 'provider-contract-violation', redactedMessage },
});

describe('the provider result document', () => {
  it('maps a text body to inline UTF-8 bytes with its metadata', () => {
    expect(
      decode({
        kind: 'succeeded',
        body: { kind: 'text', text: 'é{}' },
        mediaType: 'application/json',
        summary: 'one page',
        truncated: true,
      }),
    ).toEqual({
      kind: 'succeeded',
      result: {
        metadata: {
          byteLen: 4,
          mediaType: 'application/json',
          truncated: true,
          redactedSummary: 'one page',
        },
        delivery: { kind: 'inline', bytes: new TextEncoder().encode('é{}') },
      },
    });
  });

  it('maps a base64 body to its bytes and defaults the optional metadata', () => {
    expect(decode({ kind: 'succeeded', body: { kind: 'base64', base64: 'AAH/' } })).toEqual({
      kind: 'succeeded',
      result: {
        metadata: { byteLen: 3, mediaType: null, truncated: false, redactedSummary: null },
        delivery: { kind: 'inline', bytes: new Uint8Array([0, 1, 255]) },
      },
    });
  });

  it('maps a reference body to an opaque reference with the declared size', () => {
    expect(
      decode({
        kind: 'succeeded',
        body: { kind: 'reference', reference: 'blob:42', byteLen: 9_999 },
      }),
    ).toEqual({
      kind: 'succeeded',
      result: {
        metadata: { byteLen: 9_999, mediaType: null, truncated: false, redactedSummary: null },
        delivery: { kind: 'opaque-reference', reference: 'blob:42' },
      },
    });
  });

  it('maps a failure with its kind and message', () => {
    expect(decode({ kind: 'failed', failureKind: 'execution', message: 'page not found' })).toEqual(
      {
        kind: 'failed',
        failure: { kind: 'execution', redactedMessage: 'page not found' },
      },
    );
    expect(decode({ kind: 'failed', failureKind: 'rejected' })).toEqual({
      kind: 'failed',
      failure: { kind: 'rejected', redactedMessage: null },
    });
  });

  it('accepts trailing whitespace after the document', () => {
    expect(decode('{"kind":"failed","failureKind":"cancelled"}\n\n')).toMatchObject({
      failure: { kind: 'cancelled' },
    });
  });

  it('the byte limit passes; one byte more is a contract violation', () => {
    const document = '{"kind":"failed","failureKind":"cancelled"}';
    expect(decode(document, document.length)).toMatchObject({ failure: { kind: 'cancelled' } });
    expect(decode(document, document.length - 1)).toEqual(
      violation(`provider result exceeds ${document.length - 1} bytes`),
    );
    expect(decodeProviderResult(null, 10)).toEqual(violation('provider result exceeds 10 bytes'));
  });

  it('output that is not UTF-8 or not JSON is a contract violation', () => {
    expect(decodeProviderResult(new Uint8Array([0x7b, 0xff, 0x7d]), 100)).toEqual(
      violation('provider result is not UTF-8'),
    );
    expect(decode('{"kind":')).toEqual(violation('provider result is not JSON'));
  });

  it.each([
    ['an unknown kind', { kind: 'partial' }],
    ['an unknown key', { kind: 'failed', failureKind: 'execution', extra: 1 }],
    ['an unknown failure kind', { kind: 'failed', failureKind: 'crashed' }],
    ['a body without kind', { kind: 'succeeded', body: { text: 'x' } }],
    ['an unknown body key', { kind: 'succeeded', body: { kind: 'text', text: 'x', more: 1 } }],
    ['malformed base64', { kind: 'succeeded', body: { kind: 'base64', base64: 'A===' } }],
    [
      'a negative reference size',
      { kind: 'succeeded', body: { kind: 'reference', reference: 'r', byteLen: -1 } },
    ],
    [
      'a non-boolean truncated',
      { kind: 'succeeded', body: { kind: 'text', text: 'x' }, truncated: 'no' },
    ],
    ['a numeric summary', { kind: 'succeeded', body: { kind: 'text', text: 'x' }, summary: 1 }],
    ['an array', []],
    ['a JSON string', '"result"'],
  ])('%s does not match the result protocol', (_name, document) => {
    expect(parseProviderResultDocument(document)).toBeNull();
    expect(decode(document)).toEqual(
      violation('provider result does not match the result protocol'),
    );
  });

  it('a document that breaks the tool protocol is a contract violation', () => {
    const tooBig = 'x'.repeat(TOOL_INLINE_RESULT_MAX_BYTES + 1);
    const cases = [
      { kind: 'succeeded', body: { kind: 'text', text: tooBig } },
      { kind: 'succeeded', body: { kind: 'text', text: '{}' }, summary: 'line\nbreak' },
      { kind: 'succeeded', body: { kind: 'reference', reference: '   ', byteLen: 1 } },
      { kind: 'failed', failureKind: 'execution', message: 'bell\u0007' },
    ];
    for (const document of cases) {
      expect(decode(document)).toEqual(violation('provider result violates the tool protocol'));
    }
    const fits = 'x'.repeat(TOOL_INLINE_RESULT_MAX_BYTES);
    expect(decode({ kind: 'succeeded', body: { kind: 'text', text: fits } })).toMatchObject({
      kind: 'succeeded',
      result: { metadata: { byteLen: TOOL_INLINE_RESULT_MAX_BYTES } },
    });
  });

  it('the schema decode names the offending field and fills the optional ones', () => {
    const cases: [unknown, string][] = [
      [{ kind: 'failed', failureKind: 'crashed' }, '/failureKind'],
      [{ kind: 'failed', failureKind: 'execution', message: 7 }, '/message'],
      [{ kind: 'succeeded', body: { kind: 'base64', base64: 'A===' } }, '/body/base64'],
      [
        { kind: 'succeeded', body: { kind: 'reference', reference: 'r', byteLen: -1 } },
        '/body/byteLen',
      ],
      [{ kind: 'succeeded', body: { kind: 'text', text: 'x' }, truncated: 'no' }, '/truncated'],
    ];
    for (const [document, path] of cases) {
      const decoded = decodeProviderResultDocument(document);
      expect(decoded.ok).toBe(false);
      expect(!decoded.ok && decoded.error.path).toBe(path);
      expect(!decoded.ok && decoded.error.schema).toBe('ProviderResultDocument');
      // The observation never carries the path: it may hold a child's own key names.
      expect(decode(document)).toEqual(
        violation('provider result does not match the result protocol'),
      );
    }
    expect(
      decodeProviderResultDocument({ kind: 'succeeded', body: { kind: 'text', text: 'x' } }),
    ).toEqual({
      ok: true,
      value: {
        kind: 'succeeded',
        body: { kind: 'text', text: 'x' },
        mediaType: null,
        summary: null,
        truncated: false,
      },
    });
  });

  it('the reference size passes at the safe-integer limit and fails one above', () => {
    const reference = (byteLen: number) => ({
      kind: 'succeeded',
      body: { kind: 'reference', reference: 'blob:1', byteLen },
    });
    expect(parseProviderResultDocument(reference(Number.MAX_SAFE_INTEGER))).not.toBeNull();
    expect(parseProviderResultDocument(reference(Number.MAX_SAFE_INTEGER + 1))).toBeNull();
    expect(parseProviderResultDocument(reference(1.5))).toBeNull();
  });

  it('a lone surrogate in a string does not match the result protocol', () => {
    expect(decode('{"kind":"failed","failureKind":"execution","message":"\\ud800"}')).toEqual(
      violation('provider result does not match the result protocol'),
    );
  });
});
