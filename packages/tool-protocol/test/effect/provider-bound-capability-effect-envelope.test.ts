import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  ProviderBoundCapabilityEffectEnvelope as Bound,
  CapabilityEffect,
  ProviderBindingId,
  type ProviderBoundCapabilityEffectEnvelope,
  TOOL_PAYLOAD_MAX_BYTES,
  ToolOperationId,
} from '../../src/index.js';
import { effectEnvelope, snapshotOf } from '../support/fixtures.js';

const bound = (
  binding = 4,
  overrides: Parameters<typeof effectEnvelope>[0] = {},
): ProviderBoundCapabilityEffectEnvelope => ({
  bindingId: ProviderBindingId.of(binding),
  effect: effectEnvelope(overrides),
});

describe('ProviderBoundCapabilityEffectEnvelope.validate', () => {
  it('accepts invoke and cancel effects', () => {
    unwrap(Bound.validate(bound()));
    unwrap(Bound.validate(bound(4, { effect: CapabilityEffect.cancel('grant-revoked') })));
  });

  it('checks binding, version, sequence and operation id in that order', () => {
    const allWrong = bound(0, {
      protocolVersion: 1,
      sequence: 0,
      operationId: ToolOperationId.of(0),
    });
    expect(unwrapErr(Bound.validate(allWrong))).toMatchObject({
      kind: 'zero-identifier',
      field: 'provider binding id',
    });
    const noBinding = { ...allWrong, bindingId: ProviderBindingId.of(1) };
    expect(unwrapErr(Bound.validate(noBinding)).kind).toBe('unsupported-protocol-version');
    const version = { ...noBinding, effect: { ...noBinding.effect, protocolVersion: 2 } };
    expect(unwrapErr(Bound.validate(version))).toMatchObject({ field: 'tool effect sequence' });
    const sequence = { ...version, effect: { ...version.effect, sequence: 1 } };
    expect(unwrapErr(Bound.validate(sequence))).toMatchObject({ field: 'tool operation id' });
  });

  it('does not check the payload, and changes nothing it rejects', () => {
    const oversized = CapabilityEffect.invoke({
      ...(effectEnvelope().effect as Extract<CapabilityEffect, { kind: 'invoke' }>),
      payload: new Uint8Array(TOOL_PAYLOAD_MAX_BYTES * 2),
    });
    unwrap(Bound.validate(bound(4, { effect: oversized })));
    const rejected = bound(0);
    const before = snapshotOf(rejected);
    expect(Bound.validate(rejected).ok).toBe(false);
    expect(rejected).toEqual(before);
  });
});
