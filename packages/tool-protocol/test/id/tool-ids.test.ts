import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  type BoundedIdFactory,
  ConsumerId,
  InvalidToolContractError,
  ResourceScopeId,
  TOOL_ACTOR_ID_MAX_BYTES,
  TOOL_CAPABILITY_ID_MAX_BYTES,
  TOOL_CONSUMER_ID_MAX_BYTES,
  TOOL_PROVIDER_ID_MAX_BYTES,
  TOOL_RESOURCE_SCOPE_ID_MAX_BYTES,
  ToolActorId,
  ToolCapabilityId,
  ToolProviderId,
} from '../../src/index.js';

function captureThrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

const ids: [string, BoundedIdFactory<string>, string, number][] = [
  ['ToolActorId', ToolActorId, 'tool actor id', TOOL_ACTOR_ID_MAX_BYTES],
  ['ConsumerId', ConsumerId, 'tool consumer id', TOOL_CONSUMER_ID_MAX_BYTES],
  ['ResourceScopeId', ResourceScopeId, 'tool resource scope id', TOOL_RESOURCE_SCOPE_ID_MAX_BYTES],
  ['ToolProviderId', ToolProviderId, 'tool provider id', TOOL_PROVIDER_ID_MAX_BYTES],
  ['ToolCapabilityId', ToolCapabilityId, 'tool capability id', TOOL_CAPABILITY_ID_MAX_BYTES],
];

describe.each(ids)('%s', (_name, id, field, max) => {
  it('names its field and limit', () => {
    expect(id.field).toBe(field);
    expect(id.maxBytes).toBe(max);
  });

  it('accepts exactly the byte limit and rejects one byte more', () => {
    expect(unwrap(id.tryNew('x'.repeat(max)))).toBe('x'.repeat(max));
    expect(unwrapErr(id.tryNew('x'.repeat(max + 1)))).toMatchObject({
      kind: 'too-large',
      field,
      max,
      actual: max + 1,
    });
  });

  it('counts multi-byte UTF-8 in bytes before the charset rule', () => {
    const half = 'é'.repeat(max / 2 + 1);
    expect(unwrapErr(id.tryNew(half))).toMatchObject({ kind: 'too-large', actual: max + 2 });
    expect(unwrapErr(id.tryNew('é'.repeat(max / 2)))).toMatchObject({
      kind: 'invalid-identifier',
      field,
    });
    expect(unwrapErr(id.tryNew('é'))).toMatchObject({ kind: 'invalid-identifier', field });
  });

  it('rejects blank values as required, whatever their length', () => {
    for (const blank of ['', ' ', '   ', '\t\n', '\u0085', '\u3000', ' '.repeat(max + 10)]) {
      expect(unwrapErr(id.tryNew(blank))).toEqual({
        kind: 'required',
        field,
        message: `${field} is required; pass a non-blank value`,
      });
    }
  });

  it('rejects control characters, spaces and non-ASCII bytes as invalid identifiers', () => {
    for (const value of [
      'a b',
      'a\u0000',
      'a\nb',
      'a\u007f',
      'a\u0085',
      '\ufeff',
      'a\u200b',
      'a+b',
      'a@b',
      'a#b',
    ]) {
      expect(unwrapErr(id.tryNew(value)).kind).toBe('invalid-identifier');
    }
  });

  it('keeps values exactly, uppercase and bare separators included', () => {
    for (const value of ['Browser.Snap', '...', '/', 'a-b_c.d:e/f', 'X9']) {
      expect(unwrap(id.tryNew(value))).toBe(value);
      expect(id.is(value)).toBe(true);
    }
    expect(id.is(7)).toBe(false);
    expect(id.is('a b')).toBe(false);
  });

  it('throws the typed error from new', () => {
    expect(id.new('ok.id')).toBe('ok.id');
    expect(() => id.new('')).toThrow(InvalidToolContractError);
    const thrown = captureThrown(() => id.new('a b'));
    expect(thrown).toBeInstanceOf(InvalidToolContractError);
    expect((thrown as InvalidToolContractError).kind).toBe('invalid-identifier');
    expect((thrown as InvalidToolContractError).message).toBe(
      `${field} contains a character other than A-Z a-z 0-9 - _ . : /; use only those`,
    );
  });

  it('decodes through the same rule, naming the error', () => {
    expect(unwrap(id.codec.decode('gate.browser'))).toBe('gate.browser');
    const violation = unwrapErr(id.codec.decode('x'.repeat(max + 1)));
    expect(violation.kind).toBe('schema-violation');
    expect(violation.message).toContain(
      `${field} is ${max + 1} bytes, over the ${max}-byte limit; shorten it`,
    );
    expect(unwrapErr(id.codec.decode(' ')).message).toContain('is required');
    expect(id.codec.decode(42).ok).toBe(false);
    expect(id.codec.decode(null).ok).toBe(false);
  });

  it('answers is and the schema check exactly as tryOf, on the edges of every rule', () => {
    const edges = [
      '',
      ' ',
      '\u00a0',
      '\t',
      'a',
      'a b',
      'a\u0000',
      'é',
      'x'.repeat(max),
      'x'.repeat(max + 1),
      'é'.repeat(Math.ceil(max / 2)),
      'Gate-4.agent:_/x',
    ];
    for (const value of edges) {
      const valid = id.tryOf(value).ok;
      expect(id.is(value), JSON.stringify(value)).toBe(valid);
      expect(id.codec.checkValue(value).ok, JSON.stringify(value)).toBe(valid);
    }
  });

  it('orders by bytes, as Rust does', () => {
    const sorted = ['b', 'B', 'a.b', 'a', 'a-b'].map((value) => id.new(value)).sort(id.compare);
    expect(sorted).toEqual(['B', 'a', 'a-b', 'a.b', 'b']);
    expect(id.compare(id.new('a'), id.new('a'))).toBe(0);
  });
});
