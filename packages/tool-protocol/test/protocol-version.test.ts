import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { CAPABILITY_PROTOCOL_VERSION, validateProtocolVersion } from '../src/index.js';

describe('validateProtocolVersion', () => {
  it('accepts exactly version 2', () => {
    unwrap(validateProtocolVersion(CAPABILITY_PROTOCOL_VERSION));
    for (const actual of [0, 1, 3, 0xffff]) {
      expect(unwrapErr(validateProtocolVersion(actual))).toEqual({
        kind: 'unsupported-protocol-version',
        expected: 2,
        actual,
        message: `tool protocol version ${actual} is not supported; send version 2`,
      });
    }
  });
});
