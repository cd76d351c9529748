import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  BytesSchema,
  CommandEnvelopeCodec,
  createWireCodec,
  DECODE_DEPTH_MAX,
  DECODE_STRING_MAX_BYTES,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

const anything = createWireCodec('Anything', Type.Unknown());
const holder = createWireCodec('Holder', Type.Object({ bytes: BytesSchema, note: Type.String() }));

function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

/** Calls `decode` and fails the test when it throws instead of returning a value. */
function decodeWithoutThrowing(codec: { decode(input: unknown): unknown }, input: unknown) {
  let result: unknown;
  expect(() => {
    result = codec.decode(input);
  }).not.toThrow();
  return result as ReturnType<typeof anything.decode>;
}

describe('decode never throws', () => {
  it.each([5_000, 100_000])('reports %i nested arrays as a depth violation', (depth) => {
    const input = nestedArrays(depth);
    for (const codec of [anything, CommandEnvelopeCodec]) {
      const error = unwrapErr(decodeWithoutThrowing(codec, input));
      expect(error.kind).toBe('schema-violation');
      expect(error.message).toContain(`deeper than ${DECODE_DEPTH_MAX} levels`);
    }
  });

  it('reports 10 KB of valid, deeply nested JSON as a depth violation', () => {
    const text = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const error = unwrapErr(decodeWithoutThrowing(anything, JSON.parse(text)));
    expect(error.message).toContain('deeper than');
  });

  it('accepts nesting up to the limit', () => {
    expect(unwrap(anything.decode(nestedArrays(DECODE_DEPTH_MAX - 1)))).toBeDefined();
  });

  it('reports a cyclic object and a cyclic array', () => {
    const object: Record<string, unknown> = { a: 1 };
    object.self = object;
    const array: unknown[] = [1];
    array.push([array]);
    for (const input of [object, array]) {
      const error = unwrapErr(decodeWithoutThrowing(anything, input));
      expect(error.message).toContain('cyclic');
    }
    expect(unwrapErr(decodeWithoutThrowing(anything, object)).path).toBe('/self');
  });

  it('accepts a value shared by two fields (a tree with a repeated leaf is not a cycle)', () => {
    const shared = { x: 1 };
    expect(unwrap(anything.decode({ a: shared, b: shared }))).toEqual({ a: { x: 1 }, b: { x: 1 } });
  });

  it('reports a throwing getter with its path', () => {
    const input = {
      note: 'n',
      get bytes(): never {
        throw new Error('boom');
      },
    };
    const error = unwrapErr(decodeWithoutThrowing(holder, input));
    expect(error.kind).toBe('schema-violation');
    expect(error.message).toContain('could not be read (boom)');
  });

  it('reports a Proxy that throws on ownKeys, and a revoked Proxy', () => {
    const throwing = new Proxy(
      {},
      {
        ownKeys() {
          throw new TypeError('no keys');
        },
      },
    );
    expect(unwrapErr(decodeWithoutThrowing(anything, { inner: throwing })).message).toContain(
      'no keys',
    );
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(unwrapErr(decodeWithoutThrowing(anything, [proxy])).kind).toBe('schema-violation');
  });

  it('reports a string over the decode limit, counted in UTF-8 bytes', () => {
    const units = createWireCodec('Text', Type.String());
    const huge = 'a'.repeat(DECODE_STRING_MAX_BYTES + 1);
    expect(unwrapErr(decodeWithoutThrowing(units, huge)).message).toContain('decode limit');
    // 3-byte characters: under the limit in UTF-16 units, over it in UTF-8 bytes.
    const wide = '€'.repeat(Math.floor(DECODE_STRING_MAX_BYTES / 3) + 1);
    expect(wide.length).toBeLessThan(DECODE_STRING_MAX_BYTES);
    expect(unwrapErr(decodeWithoutThrowing(units, wide)).message).toContain('UTF-8 bytes');
  });

  it('reports functions, symbols and bigints as not JSON-shaped', () => {
    for (const input of [() => 1, Symbol('s'), 1n]) {
      expect(unwrapErr(decodeWithoutThrowing(anything, { value: input })).message).toContain(
        'not JSON-shaped',
      );
    }
  });
});

describe('checkValue', () => {
  it('accepts bytes as a Uint8Array and returns a fresh copy', () => {
    const bytes = Uint8Array.of(1, 2);
    const value = { bytes, note: 'n', extra: true };
    const checked = unwrap(holder.checkValue(value));
    expect(checked).toEqual({ bytes: Uint8Array.of(1, 2), note: 'n' });
    expect(checked.bytes).not.toBe(bytes);
  });

  it('refuses bytes given as a number array or a string, naming the field', () => {
    expect(unwrapErr(holder.checkValue({ bytes: [1, 2], note: 'n' }))).toMatchObject({
      path: '/bytes',
      message: 'Holder at /bytes: must be a Uint8Array',
    });
    expect(unwrapErr(holder.checkValue({ bytes: 'ab', note: 'n' })).path).toBe('/bytes');
  });

  it('reports a wrong scalar type without throwing', () => {
    expect(unwrapErr(holder.checkValue({ bytes: Uint8Array.of(1), note: 7 })).path).toBe('/note');
    expect(unwrapErr(holder.checkValue(null)).kind).toBe('schema-violation');
  });
});
