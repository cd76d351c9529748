// deepFreeze: plain objects and arrays all the way down, typed arrays left as they are.
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../src/index.js';

describe('deepFreeze', () => {
  it('freezes every object and array under the value, inside arrays too, and returns it', () => {
    const value = { list: [{ a: 1 }, [{ b: 2 }], null, 3], nested: { deeper: { c: [4] } } };
    expect(deepFreeze(value)).toBe(value);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.list)).toBe(true);
    expect(Object.isFrozen(value.list[0])).toBe(true);
    expect(Object.isFrozen(value.list[1])).toBe(true);
    expect(Object.isFrozen((value.list[1] as object[])[0])).toBe(true);
    expect(Object.isFrozen(value.nested.deeper.c)).toBe(true);
  });

  it('leaves typed arrays writable, in objects and in arrays', () => {
    const bytes = new Uint8Array([1, 2]);
    const value = deepFreeze({ bytes, list: [bytes] });
    bytes[0] = 9;
    expect(value.list[0]?.[0]).toBe(9);
    expect(Object.isFrozen(value.list)).toBe(true);
  });

  it('takes an already frozen object as frozen throughout and passes primitives through', () => {
    const inner = { mutable: { x: 1 } };
    const outer = deepFreeze({ shell: Object.freeze(inner) });
    expect(Object.isFrozen(outer)).toBe(true);
    expect(Object.isFrozen(inner.mutable)).toBe(false);
    expect(deepFreeze(5)).toBe(5);
    expect(deepFreeze(null)).toBe(null);
  });
});
