import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { ProviderBindingId, ProviderRuntimeSnapshot, TOOL_PROVIDERS_MAX } from '../../src/index.js';
import { providerId, snapshotOf } from '../support/fixtures.js';

const snapshot = (bindingIds: number[]): ProviderRuntimeSnapshot => ({
  lastSequence: 8,
  sequenceExhausted: false,
  bindings: bindingIds.map((id) => ({
    bindingId: ProviderBindingId.of(id),
    providerId: providerId(),
  })),
});

const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('ProviderRuntimeSnapshot.validate', () => {
  it('accepts exactly 64 bindings and rejects one more', () => {
    unwrap(ProviderRuntimeSnapshot.validate(snapshot([])));
    unwrap(ProviderRuntimeSnapshot.validate(snapshot(range(TOOL_PROVIDERS_MAX))));
    expect(
      unwrapErr(ProviderRuntimeSnapshot.validate(snapshot(range(TOOL_PROVIDERS_MAX + 1)))),
    ).toMatchObject({
      kind: 'too-many',
      field: 'provider runtime bindings',
      max: 64,
      actual: 65,
    });
  });

  it('rejects a zero binding id but not duplicates', () => {
    const zero = snapshot([1, 0]);
    const before = snapshotOf(zero);
    expect(unwrapErr(ProviderRuntimeSnapshot.validate(zero))).toMatchObject({
      kind: 'zero-identifier',
      field: 'provider binding id',
    });
    expect(zero).toEqual(before);
    unwrap(ProviderRuntimeSnapshot.validate(snapshot([4, 4])));
  });
});
