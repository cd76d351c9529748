import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityResult,
  CapabilityResultDelivery,
  type CapabilityResultMetadata,
  TOOL_INLINE_RESULT_MAX_BYTES,
  TOOL_RESULT_MAX_BYTES,
  TOOL_RESULT_REFERENCE_MAX_BYTES,
} from '../../src/index.js';
import { snapshotOf, successResult } from '../support/fixtures.js';

const meta = (byteLen: number): CapabilityResultMetadata => ({
  byteLen,
  mediaType: null,
  truncated: false,
  redactedSummary: null,
});

const inline = (length: number, byteLen = length): CapabilityResult =>
  CapabilityResult.of({
    metadata: meta(byteLen),
    delivery: CapabilityResultDelivery.inline(new Uint8Array(length)),
  });

const reference = (value: string, byteLen = 10): CapabilityResult =>
  CapabilityResult.of({
    metadata: meta(byteLen),
    delivery: CapabilityResultDelivery.opaqueReference(value),
  });

describe('CapabilityResult.validate', () => {
  it('accepts the reference E2E success result', () => {
    unwrap(CapabilityResult.validate(successResult()));
  });

  it('accepts exactly 256 KiB inline and rejects one byte more', () => {
    unwrap(CapabilityResult.validate(inline(TOOL_INLINE_RESULT_MAX_BYTES)));
    unwrap(CapabilityResult.validate(inline(0)));
    expect(
      unwrapErr(CapabilityResult.validate(inline(TOOL_INLINE_RESULT_MAX_BYTES + 1))),
    ).toMatchObject({
      kind: 'too-large',
      field: 'inline tool result',
      max: 262_144,
      actual: 262_145,
    });
  });

  it('requires the declared length of inline bytes to match', () => {
    expect(unwrapErr(CapabilityResult.validate(inline(2, 3)))).toEqual({
      kind: 'result-length-mismatch',
      declared: 3,
      actual: 2,
      message:
        'inline tool result declares 3 bytes but holds 2; set byteLen to the actual byte count',
    });
    expect(
      unwrapErr(CapabilityResult.validate(inline(TOOL_INLINE_RESULT_MAX_BYTES + 1, 1))).kind,
    ).toBe('too-large');
  });

  it('bounds an opaque reference and does not compare its declared length', () => {
    unwrap(CapabilityResult.validate(reference('r'.repeat(TOOL_RESULT_REFERENCE_MAX_BYTES))));
    unwrap(CapabilityResult.validate(reference('blob:1', 9_999_999)));
    expect(
      unwrapErr(
        CapabilityResult.validate(reference('r'.repeat(TOOL_RESULT_REFERENCE_MAX_BYTES + 1))),
      ),
    ).toMatchObject({
      kind: 'too-large',
      field: 'tool result opaque reference',
      max: 2_048,
      actual: 2_049,
    });
    expect(unwrapErr(CapabilityResult.validate(reference('é'.repeat(1_025)))).kind).toBe(
      'too-large',
    );
    expect(unwrapErr(CapabilityResult.validate(reference('  ')))).toMatchObject({
      kind: 'required',
      field: 'tool result opaque reference',
    });
    expect(unwrapErr(CapabilityResult.validate(reference('a\u0000')))).toMatchObject({
      kind: 'control-character',
    });
  });

  it('checks the metadata first, and changes nothing it rejects', () => {
    const both = reference('', TOOL_RESULT_MAX_BYTES + 1);
    const before = snapshotOf(both);
    expect(unwrapErr(CapabilityResult.validate(both)).kind).toBe('result-too-large');
    expect(both).toEqual(before);
  });
});
