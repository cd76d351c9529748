import { unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { validateIdentifier } from '../../src/index.js';

describe('validateIdentifier', () => {
  it('applies the rules in order: empty, bound, characters, boundary and segments', () => {
    expect(unwrapErr(validateIdentifier('route', ''))).toMatchObject({
      kind: 'invalid-identifier',
      reason: 'it is empty',
    });
    expect(validateIdentifier('route', 'a'.repeat(256)).ok).toBe(true);
    expect(unwrapErr(validateIdentifier('route', 'a'.repeat(257)))).toMatchObject({
      kind: 'bound-exceeded',
      field: 'route',
      max: 256,
    });
    expect(unwrapErr(validateIdentifier('route', 'A'.repeat(300)))).toMatchObject({
      kind: 'bound-exceeded',
    });
    expect(unwrapErr(validateIdentifier('route', 'Bad'))).toMatchObject({
      reason: 'it contains non-canonical characters',
    });
    for (const unsafe of ['-a', 'a-', 'a//b', 'a/./b', 'a/../b', '/a', 'a/']) {
      expect(unwrapErr(validateIdentifier('route', unsafe))).toMatchObject({
        reason: 'it has an unsafe boundary or path segment',
      });
    }
    expect(validateIdentifier('route', 'acme/runtime-tools_1.x').ok).toBe(true);
  });
});
