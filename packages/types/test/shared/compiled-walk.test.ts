import { isDeepStrictEqual } from 'node:util';
import Type, { type TSchema } from 'typebox';
import { describe, expect, it, vi } from 'vitest';
import {
  BytesSchema,
  createWireCodec,
  DECODE_DEPTH_MAX,
  DECODE_STRING_MAX_BYTES,
  Nullable,
  type WireCodecHooks,
} from '../../src/index.js';
import { STRING_SCAN_UNITS } from '../../src/shared/bounded-scan.js';
import { compileWalk } from '../../src/shared/compiled-walk.js';
import { WALK_MISMATCH } from '../../src/shared/walk-node.js';

const Leaf = Type.Union([
  Type.Object({ kind: Type.Literal('leaf'), n: Type.Integer({ minimum: 0, maximum: 9 }) }),
  Type.Object({ kind: Type.Literal('none') }),
]);
const Item = Type.Union([
  Type.Object({
    kind: Type.Literal('text'),
    text: Type.String(),
    tags: Type.Array(Type.String(), { default: [] }),
  }),
  Type.Object({ kind: Type.Literal('bytes'), bytes: BytesSchema, note: Nullable(Type.String()) }),
  Type.Object({ kind: Type.Literal('nested'), inner: Leaf }),
]);
const Schema = Type.Object({
  id: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  mode: Type.Union([Type.Literal('a'), Type.Literal('b')], { default: 'a' }),
  items: Type.Array(Item),
  labels: Type.Record(Type.String(), Type.Integer()),
  pair: Type.Tuple([Type.String(), Type.Integer()]),
  extra: Type.Optional(Type.Unknown()),
  limit: Nullable(Type.Integer()),
});

const codec = createWireCodec('Walked', Schema);
const reference = createWireCodec('Walked', Schema, { walk: 'reference' });
const walk = compileWalk(Schema, null);

function valid(): Record<string, unknown> {
  return {
    id: 'w-1',
    count: 3,
    mode: 'b',
    items: [
      { kind: 'text', text: 'hello', tags: ['x'] },
      { kind: 'bytes', bytes: Uint8Array.of(1, 2), note: null },
      { kind: 'nested', inner: { kind: 'leaf', n: 4 } },
    ],
    labels: { a: 1 },
    pair: ['p', 2],
    limit: 5,
  };
}

/** Checks `value` both ways, expects the same result, and says whether the walk accepted it. */
function compare(value: unknown): boolean {
  const fast = codec.checkValue(value);
  const slow = reference.checkValue(value);
  expect(fast).toStrictEqual(slow);
  if (fast.ok && slow.ok) {
    expect(isDeepStrictEqual(fast.value, slow.value)).toBe(true);
    expect(Object.keys(fast.value)).toEqual(Object.keys(slow.value));
  }
  return walk?.(value) !== WALK_MISMATCH;
}

describe('compileWalk', () => {
  it('compiles a schema of objects, kind unions, nullables, bytes, records, tuples and unknowns', () => {
    expect(walk).not.toBeNull();
  });

  it('accepts a valid value in one pass with the reference result, copying everything', () => {
    const value = valid();
    expect(compare(value)).toBe(true);
    const checked = codec.checkValue(value);
    if (!checked.ok) throw new Error(checked.error.message);
    const items = checked.value.items as { bytes?: Uint8Array }[];
    expect(items[1]?.bytes).toEqual(Uint8Array.of(1, 2));
    expect(items[1]?.bytes).not.toBe((value.items as { bytes?: Uint8Array }[])[1]?.bytes);
    expect(checked.value.items).not.toBe(value.items);
  });

  it('fills defaults with fresh values where the kind selects them', () => {
    const value: Record<string, unknown> = {
      ...valid(),
      mode: undefined,
      items: [{ kind: 'text', text: 't' }],
    };
    delete value.limit;
    expect(compare(value)).toBe(true);
    const first = codec.checkValue(value);
    const second = codec.checkValue(value);
    if (!first.ok || !second.ok) throw new Error('not accepted');
    expect(first.value).toMatchObject({ mode: 'a', limit: null, items: [{ tags: [] }] });
    expect(first.value.items[0]).not.toBe(second.value.items[0]);
    expect((first.value.items[0] as { tags: unknown }).tags).not.toBe(
      (second.value.items[0] as { tags: unknown }).tags,
    );
  });

  it('leaves unknown keys to the reference, which drops them', () => {
    expect(compare({ ...valid(), other: 1 })).toBe(false);
    expect(
      compare({ ...valid(), items: [{ kind: 'nested', inner: { kind: 'none', x: 1 } }] }),
    ).toBe(false);
    expect(compare({ ...valid(), other: undefined })).toBe(false);
  });

  it('refuses what the schema refuses, with the reference violation', () => {
    expect(compare({ ...valid(), items: [{ kind: 'nested', inner: { kind: 'other' } }] })).toBe(
      false,
    );
    expect(
      compare({ ...valid(), items: [{ kind: 'nested', inner: { kind: 'leaf', n: 10 } }] }),
    ).toBe(false);
    expect(compare({ ...valid(), count: -1 })).toBe(false);
    expect(compare({ ...valid(), count: 1.5 })).toBe(false);
    expect(compare({ ...valid(), count: 10n })).toBe(false);
    expect(compare({ ...valid(), pair: ['p', 2, 3] })).toBe(false);
    expect(compare({ ...valid(), labels: { a: 'x' } })).toBe(false);
    expect(compare({ ...valid(), id: undefined })).toBe(false);
    expect(compare(null)).toBe(false);
    expect(compare(undefined)).toBe(false);
  });

  it('takes only Uint8Array where bytes belong, and no bytes elsewhere', () => {
    const bytes = (value: unknown) => ({ ...valid(), items: [{ kind: 'bytes', bytes: value }] });
    expect(compare(bytes(Buffer.from([1, 2])))).toBe(true);
    expect(compare(bytes([1, 2]))).toBe(false);
    expect(compare(bytes(null))).toBe(false);
    expect(
      compare({ ...valid(), items: [{ kind: 'text', text: 't', tags: Uint8Array.of(1) }] }),
    ).toBe(false);
    expect(compare({ ...valid(), extra: Uint8Array.of(1) })).toBe(false);
    const checked = codec.checkValue(bytes(Buffer.from([1, 2])));
    if (!checked.ok) throw new Error(checked.error.message);
    expect(Object.getPrototypeOf((checked.value.items[0] as { bytes: unknown }).bytes)).toBe(
      Uint8Array.prototype,
    );
  });

  it('keeps the string limits and refuses lone surrogates', () => {
    expect(compare({ ...valid(), id: 'a\ud800' })).toBe(false);
    expect(compare({ ...valid(), id: 'a'.repeat(STRING_SCAN_UNITS + 1) })).toBe(true);
    expect(compare({ ...valid(), id: '€'.repeat(DECODE_STRING_MAX_BYTES / 3 + 1) })).toBe(false);
    expect(compare({ ...valid(), extra: { text: 'b\udc00' } })).toBe(false);
  });

  it('copies unknown values as the scan does, up to the depth limit, and no cycles', () => {
    expect(compare({ ...valid(), extra: { a: [1, 'x', null, { b: true }], u: undefined } })).toBe(
      true,
    );
    let nested: unknown = [];
    for (let level = 0; level < DECODE_DEPTH_MAX; level += 1) nested = [nested];
    expect(compare({ ...valid(), extra: nested })).toBe(false);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(compare({ ...valid(), extra: cyclic })).toBe(false);
    const shared = { a: 1 };
    expect(compare({ ...valid(), extra: [shared, shared] })).toBe(true);
    expect(compare({ ...valid(), extra: () => 1 })).toBe(false);
  });

  it('reads getters once and turns a throwing getter or Proxy trap into the reference violation', () => {
    let reads = 0;
    const withGetter = valid();
    Object.defineProperty(withGetter, 'count', {
      enumerable: true,
      get: () => {
        reads += 1;
        return 3;
      },
    });
    expect(walk?.(withGetter)).not.toBe(WALK_MISMATCH);
    expect(reads).toBe(1);
    expect(compare(withGetter)).toBe(true);
    const throwing = valid();
    Object.defineProperty(throwing, 'count', {
      enumerable: true,
      get: () => {
        throw new Error('no count');
      },
    });
    expect(compare(throwing)).toBe(false);
    expect(compare(new Proxy(valid(), {}))).toBe(true);
    const trap = new Proxy(valid(), {
      ownKeys: () => {
        throw new Error('no keys');
      },
    });
    expect(compare(trap)).toBe(false);
    const revocable = Proxy.revocable(valid(), {});
    revocable.revoke();
    expect(compare({ ...valid(), labels: revocable.proxy })).toBe(false);
  });

  it('never mutates its input', () => {
    const value = valid();
    const frozen = structuredClone(value);
    Object.freeze(value);
    for (const item of value.items as object[]) Object.freeze(item);
    expect(compare(value)).toBe(true);
    expect(value).toStrictEqual(frozen);
  });

  it('keeps -0 and the key order of the input', () => {
    const value = { limit: -0, pair: ['p', -0], ...valid(), count: -0 };
    expect(compare(value)).toBe(true);
  });

  it('does not compile a schema with a keyword it lacks, and such a codec still checks', () => {
    const schema = Type.Object({ name: Type.String({ minLength: 2 }) });
    expect(compileWalk(schema, null)).toBeNull();
    const lacking = createWireCodec('Lacking', schema);
    expect(lacking.checkValue({ name: 'ab', x: 1 })).toStrictEqual({
      ok: true,
      value: { name: 'ab' },
    });
    expect(lacking.checkValue({ name: 'a' }).ok).toBe(false);
  });

  it('runs the node hooks on the copies it builds, as the reference runs the tree hook', () => {
    const marker = Object.create(Object.prototype) as object;
    const marked = new WeakSet<object>([Leaf.anyOf[0]!, Type.Object({})]);
    const mark = (value: unknown, underRecord: boolean): void => {
      if (typeof value === 'object' && value !== null && !underRecord)
        Object.setPrototypeOf(value, marker);
    };
    const hooks: WireCodecHooks = {
      hookOf: (node: TSchema, underRecord) =>
        marked.has(node) && !underRecord ? (copy) => mark(copy, underRecord) : null,
      hookTree: (_schema, value) => {
        for (const item of (value as { items: { inner?: object }[] }).items)
          if ((item.inner as { kind?: string } | undefined)?.kind === 'leaf')
            mark(item.inner, false);
      },
      revision: () => 0,
    };
    const hooked = createWireCodec('Hooked', Schema, { hooks });
    const hookedReference = createWireCodec('Hooked', Schema, { hooks, walk: 'reference' });
    const fast = hooked.checkValue(valid());
    const slow = hookedReference.checkValue(valid());
    if (!fast.ok || !slow.ok) throw new Error('not accepted');
    expect(Object.getPrototypeOf((fast.value.items[2] as { inner: object }).inner)).toBe(marker);
    expect(isDeepStrictEqual(fast.value, slow.value)).toBe(true);
  });

  it('creates copies with a prototype hook, unless the prototype holds a property name', () => {
    const Named = Type.Object({ note: Type.String(), toJSON: Type.String({ default: 'd' }) });
    for (const prototype of [{ other: 1 }, { toJSON: 'x' }]) {
      const hooks: WireCodecHooks = {
        hookOf: (node) => (node === Named ? { prototype } : null),
        hookTree: (_schema, value) => {
          Object.setPrototypeOf(value, prototype);
        },
        revision: () => 0,
      };
      const named = createWireCodec('Named', Named, { hooks });
      const namedReference = createWireCodec('Named', Named, { hooks, walk: 'reference' });
      for (const value of [{ note: 'n' }, { note: 'n', toJSON: 'own' }]) {
        const fast = named.checkValue(value);
        const slow = namedReference.checkValue(value);
        if (!fast.ok || !slow.ok) throw new Error('not accepted');
        expect(Object.getPrototypeOf(fast.value)).toBe(prototype);
        expect(isDeepStrictEqual(fast.value, slow.value)).toBe(true);
        expect(Object.entries(fast.value)).toEqual(Object.entries(slow.value));
      }
    }
  });

  it("gives a union's prototype to its branches' objects as it creates them", () => {
    const prototype = { union: true };
    const Plain = Type.Object({ kind: Type.Literal('plain'), n: Type.Integer() });
    const Marked = Type.Object({ kind: Type.Literal('marked'), text: Type.String() });
    const Union = Type.Union([Plain, Marked, Type.Null()]);
    const Holder = Type.Object({ value: Union, list: Type.Array(Union) });
    const own = { own: true };
    const hooks: WireCodecHooks = {
      hookOf: (node) =>
        node === Union
          ? { prototype }
          : node === Marked
            ? (copy) => {
                Object.setPrototypeOf(copy, own);
              }
            : null,
      hookTree: (_schema, value) => {
        const holder = value as { value: object | null; list: (object | null)[] };
        for (const item of [holder.value, ...holder.list])
          if (item !== null) Object.setPrototypeOf(item, prototype);
      },
      revision: () => 0,
    };
    const fastCodec = createWireCodec('Holder', Holder, { hooks });
    const slowCodec = createWireCodec('Holder', Holder, { hooks, walk: 'reference' });
    const value = {
      value: { kind: 'plain', n: 1 },
      list: [{ kind: 'marked', text: 't' }, null, { kind: 'plain', n: 2 }],
    };
    fastCodec.checkValue(value); // compiles the walk
    const switched = vi.spyOn(Object, 'setPrototypeOf');
    const fast = fastCodec.checkValue(value);
    // Only the branch with a hook of its own is given the union's prototype afterwards.
    expect(switched.mock.calls.map(([, set]) => set)).toEqual([own, prototype]);
    switched.mockRestore();
    const slow = slowCodec.checkValue(value);
    if (!fast.ok || !slow.ok) throw new Error('not accepted');
    expect(Object.getPrototypeOf(fast.value.value)).toBe(prototype);
    expect(fast.value.list.map((item) => item && Object.getPrototypeOf(item))).toEqual([
      prototype,
      null,
      prototype,
    ]);
    expect(isDeepStrictEqual(fast.value, slow.value)).toBe(true);
  });

  it('checks strings, literals, bounded integers and booleans as the reference does', () => {
    const Leaves = Type.Object({
      text: Type.String(),
      refined: Type.Refine(Type.String(), (value) => value.startsWith('r')),
      literal: Type.Literal('lit'),
      bounded: Type.Integer({ minimum: -2, maximum: 2 }),
      unbounded: Type.Integer(),
      flag: Type.Boolean(),
    });
    const fastCodec = createWireCodec('Leaves', Leaves);
    const slowCodec = createWireCodec('Leaves', Leaves, { walk: 'reference' });
    const base = {
      text: 't',
      refined: 'r1',
      literal: 'lit',
      bounded: 2,
      unbounded: -7,
      flag: false,
    };
    const variants: Record<string, unknown>[] = [
      {},
      { text: 'x'.repeat(STRING_SCAN_UNITS + 1) },
      { text: '\ud800' },
      { text: 1 },
      { refined: 'x' },
      { refined: '\udc00r' },
      { literal: 'other' },
      { literal: new String('lit') },
      { bounded: 3 },
      { bounded: -3 },
      { bounded: -2 },
      { bounded: 1.5 },
      { bounded: Number.NaN },
      { unbounded: Number.POSITIVE_INFINITY },
      { unbounded: Number.MAX_SAFE_INTEGER + 2 },
      { unbounded: '1' },
      { flag: 0 },
      { flag: true },
    ];
    for (const variant of variants) {
      const value = { ...base, ...variant };
      const fast = fastCodec.checkValue(value);
      expect(fast).toStrictEqual(slowCodec.checkValue(value));
    }
  });
});
