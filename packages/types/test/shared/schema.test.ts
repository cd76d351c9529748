import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { BytesSchema, createWireCodec, Nullable, unwrap, unwrapErr } from '../../src/index.js';

const Item = Type.Union([
  Type.Object({ kind: Type.Literal('a'), list: Type.Array(Type.String(), { default: [] }) }),
  Type.Object({ kind: Type.Literal('b'), bytes: BytesSchema, note: Nullable(Type.String()) }),
]);
const codec = createWireCodec('Holder', Type.Object({ items: Type.Array(Item) }));

describe('createWireCodec', () => {
  it('fills defaults in the branch the kind selects, with fresh default values', () => {
    const decoded = unwrap(
      codec.decode({ items: [{ kind: 'a' }, { kind: 'a' }, { kind: 'b', bytes: [1] }] }),
    );
    expect(decoded.items).toEqual([
      { kind: 'a', list: [] },
      { kind: 'a', list: [] },
      { kind: 'b', bytes: Uint8Array.of(1), note: null },
    ]);
    const lists = decoded.items.slice(0, 2) as { list: string[] }[];
    lists[0]?.list.push('x');
    expect(lists[1]?.list).toEqual([]);
  });

  it('drops fields the schema does not name, as serde ignores unknown fields', () => {
    const input = { items: [{ kind: 'b', bytes: [2], note: 'n', extra: 1 }], other: true };
    const decoded = unwrap(codec.decode(input));
    expect(decoded).toEqual({ items: [{ kind: 'b', bytes: Uint8Array.of(2), note: 'n' }] });
    expect(Object.keys(decoded.items[0] ?? {})).toEqual(['kind', 'bytes', 'note']);
    expect(input.items[0]).toHaveProperty('extra', 1);
    const records = createWireCodec('Map', Type.Record(Type.String(), Type.Integer()));
    expect(unwrap(records.decode({ a: 1, b: 2 }))).toEqual({ a: 1, b: 2 });
  });

  it('names the field inside the selected branch', () => {
    expect(unwrapErr(codec.decode({ items: [{ kind: 'b', bytes: [1, -1] }] })).path).toBe(
      '/items/0/bytes/1',
    );
    expect(unwrapErr(codec.decode({ items: [{ kind: 'c' }] }))).toMatchObject({
      path: '/items/0/kind',
      message: 'Holder at /items/0/kind: unknown kind "c"',
    });
    expect(unwrapErr(codec.decode({})).path).toBe('/items');
  });

  it('rejects lone surrogates and values that are not JSON-shaped', () => {
    expect(
      unwrapErr(codec.decode({ items: [{ kind: 'b', bytes: [], note: '\udc00' }] })).path,
    ).toBe('/items/0/note');
    expect(unwrapErr(codec.decode({ items: [], f: () => 1 })).message).toBe(
      'Holder at /f: a function is not JSON-shaped data',
    );
  });

  it('never mutates its input and encodes bytes back to number arrays', () => {
    const input = { items: [{ kind: 'b', bytes: [1, 2] }] };
    const decoded = unwrap(codec.decode(input));
    expect(input).toEqual({ items: [{ kind: 'b', bytes: [1, 2] }] });
    const encoded = codec.encode(decoded);
    expect(encoded).toEqual({ items: [{ kind: 'b', bytes: [1, 2], note: null }] });
    expect(decoded.items[0]).toMatchObject({ bytes: Uint8Array.of(1, 2) });
  });
});
