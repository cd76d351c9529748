import { describe, expect, it } from 'vitest';
import {
  encodeInvocationDocument,
  PROVIDER_INVOCATION_PROTOCOL,
  ProviderInvocationDocumentCodec,
} from '../../src/executor/invocation-document.js';
import { FakeRuntimePort } from '../supervisor/support/fake-runtime-port.js';

const invocation = () => new FakeRuntimePort().invoke(7);

describe('the provider invocation document', () => {
  it('encodes one line that its own codec decodes', () => {
    const line = encodeInvocationDocument(invocation());
    expect(line.endsWith('\n')).toBe(true);
    expect(line.indexOf('\n')).toBe(line.length - 1);
    const decoded = ProviderInvocationDocumentCodec.decode(JSON.parse(line));
    expect(decoded.ok).toBe(true);
    expect(decoded.ok && decoded.value.protocol).toBe(PROVIDER_INVOCATION_PROTOCOL);
    expect(decoded.ok && decoded.value.operationId).toBe(7);
  });

  it('names the offending field of a document that does not match', () => {
    const document = JSON.parse(encodeInvocationDocument(invocation()));
    const cases: [unknown, string][] = [
      [{ ...document, protocol: 'gate4agent.provider-invocation.v2' }, '/protocol'],
      [{ ...document, operationId: -1 }, '/operationId'],
      [{ ...document, deadlineTick: Number.MAX_SAFE_INTEGER + 2 }, '/deadlineTick'],
      [
        { ...document, requestKey: { ...document.requestKey, localId: 1.5 } },
        '/requestKey/localId',
      ],
      [{ ...document, payloadBase64: 'A===' }, '/payloadBase64'],
    ];
    for (const [input, path] of cases) {
      const decoded = ProviderInvocationDocumentCodec.decode(input);
      expect(decoded.ok).toBe(false);
      expect(!decoded.ok && decoded.error.path).toBe(path);
      expect(!decoded.ok && decoded.error.message).toContain('ProviderInvocationDocument');
    }
    const extra = ProviderInvocationDocumentCodec.decode({ ...document, extra: 1 });
    expect(extra.ok).toBe(false);
    const missing = { ...document };
    delete missing.capabilityId;
    expect(ProviderInvocationDocumentCodec.decode(missing).ok).toBe(false);
  });
});
