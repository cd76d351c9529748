import { createWireCodec, Gate4AgentError, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityRequestId,
  CapabilityRequestKey,
  ProviderBindingId,
  ToolOperationId,
} from '../../src/index.js';

describe.each([
  ['CapabilityRequestId', CapabilityRequestId],
  ['ToolOperationId', ToolOperationId],
  ['ProviderBindingId', ProviderBindingId],
])('%s', (_name, id) => {
  it('brands every u64 the port can hold, 0 included', () => {
    expect(id.of(0)).toBe(0);
    expect(id.of(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(id.is(1)).toBe(true);
  });

  it('refuses what is not a safe unsigned integer', () => {
    for (const bad of [-1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN]) {
      expect(() => id.of(bad)).toThrow(Gate4AgentError);
      expect(id.is(bad)).toBe(false);
    }
  });

  it('is a bare number on the wire', () => {
    const codec = createWireCodec('id', id.schema);
    expect(unwrap(codec.decode(42))).toBe(42);
    expect(codec.decode('42').ok).toBe(false);
    expect(id.schema).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
    });
  });
});

describe('numeric ids inside wire types', () => {
  it('reject negatives and floats at decoding', () => {
    const key = { consumerId: 'c', actorId: 'a', localId: 1 };
    expect(unwrap(CapabilityRequestKey.codec.decode(key)).localId).toBe(1);
    expect(unwrapErr(CapabilityRequestKey.codec.decode({ ...key, localId: -1 })).path).toBe(
      '/localId',
    );
    expect(unwrapErr(CapabilityRequestKey.codec.decode({ ...key, localId: 1.5 })).path).toBe(
      '/localId',
    );
    expect(unwrapErr(CapabilityRequestKey.codec.decode({ ...key, localId: 2 ** 53 })).path).toBe(
      '/localId',
    );
  });
});
