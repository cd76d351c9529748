// handOffChecked: a checked copy passes the next checkValue of its schema once, unchanged.
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { BytesSchema, createWireCodec, handOffChecked, unwrap } from '../../src/index.js';

const Inner = Type.Object({ name: Type.String(), bytes: BytesSchema });
const outer = createWireCodec('Outer', Type.Object({ inner: Inner }));
const inner = createWireCodec('Inner', Inner);
const other = createWireCodec('Other', Type.Object({ name: Type.String(), bytes: BytesSchema }));

describe('handOffChecked', () => {
  it('lets the next checkValue of the same schema return the checked copy itself, once', () => {
    const checked = unwrap(outer.checkValue({ inner: { name: 'a', bytes: Uint8Array.of(1) } }));
    handOffChecked(inner, checked.inner);
    expect(unwrap(inner.checkValue(checked.inner))).toBe(checked.inner);
    const again = unwrap(inner.checkValue(checked.inner));
    expect(again).not.toBe(checked.inner);
    expect(again).toEqual(checked.inner);
  });

  it('does not pass a value to a codec of another schema, which checks and copies it', () => {
    const checked = unwrap(inner.checkValue({ name: 'a', bytes: Uint8Array.of(1) }));
    handOffChecked(inner, checked);
    const copied = unwrap(other.checkValue(checked));
    expect(copied).not.toBe(checked);
    expect(copied).toEqual(checked);
  });

  it('ignores a primitive, which every check still sees', () => {
    const text = createWireCodec('Text', Type.String({ maxLength: 1 }));
    handOffChecked(text, 'ab');
    expect(text.checkValue('ab').ok).toBe(false);
  });

  it('keeps every hand-off until its check, in any order, each once', () => {
    const values = [1, 2, 3].map((n) =>
      unwrap(inner.checkValue({ name: `v${n}`, bytes: Uint8Array.of(n) })),
    );
    for (const value of values) handOffChecked(inner, value);
    for (const value of [values[1]!, values[2]!, values[0]!]) {
      expect(unwrap(inner.checkValue(value))).toBe(value);
    }
    for (const value of values) expect(unwrap(inner.checkValue(value))).not.toBe(value);
  });

  it('replaces a hand-off not yet taken when the same value is handed to another schema', () => {
    const first = unwrap(inner.checkValue({ name: 'a', bytes: Uint8Array.of(1) }));
    const second = unwrap(inner.checkValue({ name: 'b', bytes: Uint8Array.of(2) }));
    handOffChecked(inner, first);
    handOffChecked(inner, second);
    handOffChecked(other, first);
    expect(unwrap(inner.checkValue(first))).not.toBe(first);
    expect(unwrap(other.checkValue(first))).toBe(first);
    handOffChecked(other, second);
    expect(unwrap(inner.checkValue(second))).not.toBe(second);
    expect(unwrap(other.checkValue(second))).toBe(second);
  });
});
