// Boundaries of the two slug ids: the byte limit, multi-byte input, the charset, the boundary rule,
// the order of the checks, the exact messages, and decoding through the schema.
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  AdapterId,
  AgentId,
  createWireCodec,
  Gate4AgentError,
  MAX_ADAPTER_ID_LEN,
  MAX_AGENT_ID_LEN,
  type SlugIdFactory,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

interface SlugCase {
  readonly name: string;
  readonly factory: SlugIdFactory<string>;
  readonly label: string;
  readonly max: number;
}

const cases: SlugCase[] = [
  { name: 'AgentId', factory: AgentId, label: 'agent ID', max: MAX_AGENT_ID_LEN },
  { name: 'AdapterId', factory: AdapterId, label: 'adapter ID', max: MAX_ADAPTER_ID_LEN },
];

describe.each(cases)('$name', ({ factory, label, max }) => {
  it('accepts exactly the byte limit and rejects one byte over', () => {
    const atLimit = 'a'.repeat(max);
    expect(unwrap(factory.tryNew(atLimit))).toBe(atLimit);
    expect(unwrapErr(factory.tryNew('a'.repeat(max + 1)))).toEqual({
      kind: 'too-long',
      len: max + 1,
      max,
      message: `${label} length ${max + 1} exceeds the ${max}-byte limit; shorten it`,
    });
  });

  it('counts multi-byte characters in UTF-8 bytes before checking the charset', () => {
    const twoByte = 'é'.repeat(max / 2 + 1);
    expect(unwrapErr(factory.tryNew(twoByte))).toMatchObject({ kind: 'too-long', len: max + 2 });
    const fits = 'é'.repeat(max / 2);
    expect(unwrapErr(factory.tryNew(fits)).kind).toBe('invalid-characters');
  });

  it('accepts the slug alphabet and single characters', () => {
    for (const value of ['0', 'a', 'a-b_c', 'x9', 'a--b']) {
      expect(factory.is(value)).toBe(true);
    }
  });

  it('rejects upper case, dots, blanks and control characters as invalid characters', () => {
    for (const value of ['Claude', 'a.b', 'a b', ' ', '\t', 'a\u0000b', 'a\nb', 'a\u0085']) {
      expect(unwrapErr(factory.tryNew(value))).toEqual({
        kind: 'invalid-characters',
        value,
        message: `${label} must contain only lowercase ASCII letters, digits, '-' or '_': ${value}; use only those`,
      });
    }
  });

  it('rejects a leading or trailing separator', () => {
    for (const value of ['-a', '_a', 'a-', 'a_', '-', '_']) {
      expect(unwrapErr(factory.tryNew(value))).toEqual({
        kind: 'invalid-boundary',
        value,
        message: `${label} cannot start or end with '-' or '_': ${value}; remove the leading or trailing separator`,
      });
    }
  });

  it('checks empty, then length, then charset, then boundary', () => {
    expect(unwrapErr(factory.tryNew(''))).toEqual({
      kind: 'empty',
      message: `${label} cannot be empty; pass a lowercase slug such as 'claude-code'`,
    });
    expect(unwrapErr(factory.tryNew(`-${'A'.repeat(max)}`)).kind).toBe('too-long');
    expect(unwrapErr(factory.tryNew('-A')).kind).toBe('invalid-characters');
  });

  it('throws a Gate4AgentError of the error kind from new()', () => {
    expect(() => factory.new('Bad')).toThrowError(Gate4AgentError);
    expect(() => factory.new('')).toThrowError(expect.objectContaining({ kind: 'empty' }));
    expect(factory.new('ok')).toBe('ok');
  });

  it('validates while decoding and names the field', () => {
    const codec = createWireCodec('Holder', Type.Object({ id: factory.schema }));
    expect(codec.decode({ id: 'grok-hook-v1' })).toEqual({
      ok: true,
      value: { id: 'grok-hook-v1' },
    });
    const input = { id: '-bad' };
    const rejected = unwrapErr(codec.decode(input));
    expect(rejected.path).toBe('/id');
    expect(rejected.message).toContain(`${label} cannot start or end with '-' or '_': -bad`);
    expect(input).toEqual({ id: '-bad' });
  });

  it('orders by bytes like Rust', () => {
    const sorted = ['b', 'a-b', 'a', 'a_b', '0']
      .map((value) => factory.new(value))
      .sort(factory.compare);
    expect(sorted).toEqual(['0', 'a', 'a-b', 'a_b', 'b']);
  });
});
