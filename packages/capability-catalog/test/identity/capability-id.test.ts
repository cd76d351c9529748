import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { CapabilityId, CapabilitySource } from '../../src/index.js';
import { digest } from '../../src/testing/index.js';

describe('CapabilityId', () => {
  it('displays as source:kind:local and refuses a non-canonical local id', () => {
    const source = unwrap(CapabilitySource.host('runtime', digest('a')));
    expect(unwrap(CapabilityId.create(source, 'knowledge-surface', 'x')).toString()).toBe(
      'host/runtime:knowledge-surface:x',
    );
    expect(unwrapErr(CapabilityId.create(source, 'tool', 'a:b'))).toMatchObject({
      field: 'local_id',
    });
  });
});
