import { unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { Sha256Digest } from '../../src/index.js';

describe('Sha256Digest', () => {
  it('accepts sha256: plus 64 lowercase hex digits only', () => {
    for (const c of ['a', 'b', 'c', 'd', 'e', 'f'])
      expect(Sha256Digest.parse(`sha256:${c.repeat(64)}`).ok).toBe(true);
    for (const bad of [
      `sha256:${'A'.repeat(64)}`,
      `sha256:${'a'.repeat(63)}`,
      `sha256:${'a'.repeat(65)}`,
      `sha512:${'a'.repeat(64)}`,
      `sha256:${'g'.repeat(64)}`,
    ]) {
      expect(unwrapErr(Sha256Digest.parse(bad))).toMatchObject({
        kind: 'invalid-digest',
        field: 'digest',
      });
    }
  });
});
