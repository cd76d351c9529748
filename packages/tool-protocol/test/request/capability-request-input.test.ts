import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityRequestId,
  CapabilityRequestInput,
  TOOL_APPROVAL_SUMMARY_MAX_BYTES,
  TOOL_PAYLOAD_MAX_BYTES,
} from '../../src/index.js';
import { requestInput, snapshotOf } from '../support/fixtures.js';

const validate = (overrides: Partial<CapabilityRequestInput>, tick = 1) =>
  CapabilityRequestInput.validate(requestInput(overrides), tick);

describe('CapabilityRequestInput.validate', () => {
  it('accepts the upstream request', () => {
    unwrap(validate({}));
  });

  it('rejects local id 0', () => {
    expect(unwrapErr(validate({ localId: CapabilityRequestId.of(0) }))).toMatchObject({
      kind: 'zero-identifier',
      field: 'tool request id',
    });
  });

  it('requires the deadline strictly after the current tick', () => {
    unwrap(validate({ deadlineTick: 10_001 }, 10_000));
    expect(unwrapErr(validate({ deadlineTick: 10_000 }, 10_000))).toEqual({
      kind: 'deadline-elapsed',
      currentTick: 10_000,
      deadlineTick: 10_000,
      message:
        'request deadline tick 10000 is not after the current tick 10000; pass a later deadline',
    });
    expect(unwrapErr(validate({ deadlineTick: 3 }, 10_000)).kind).toBe('deadline-elapsed');
  });

  it('accepts exactly 64 KiB of payload and rejects one byte more', () => {
    unwrap(validate({ payload: new Uint8Array(TOOL_PAYLOAD_MAX_BYTES) }));
    unwrap(validate({ payload: new Uint8Array(0) }));
    expect(
      unwrapErr(validate({ payload: new Uint8Array(TOOL_PAYLOAD_MAX_BYTES + 1) })),
    ).toMatchObject({
      kind: 'too-large',
      field: 'tool request payload',
      max: 65_536,
      actual: 65_537,
    });
  });

  it('bounds the approval summary in UTF-8 bytes', () => {
    const max = TOOL_APPROVAL_SUMMARY_MAX_BYTES;
    unwrap(validate({ approvalSummary: 's'.repeat(max) }));
    unwrap(validate({ approvalSummary: 'é'.repeat(max / 2) }));
    expect(unwrapErr(validate({ approvalSummary: 's'.repeat(max + 1) }))).toMatchObject({
      kind: 'too-large',
      field: 'tool approval summary',
      max,
      actual: max + 1,
    });
    expect(unwrapErr(validate({ approvalSummary: 'é'.repeat(max / 2 + 1) }))).toMatchObject({
      actual: max + 2,
    });
  });

  it('rejects blank and multi-line summaries', () => {
    expect(unwrapErr(validate({ approvalSummary: '' }))).toMatchObject({
      kind: 'required',
      field: 'tool approval summary',
    });
    expect(unwrapErr(validate({ approvalSummary: ' \u0085 ' })).kind).toBe('required');
    expect(unwrapErr(validate({ approvalSummary: 'Read\npage' }))).toMatchObject({
      kind: 'control-character',
      field: 'tool approval summary',
    });
    expect(unwrapErr(validate({ approvalSummary: 'Read \u001b[31mpage' })).kind).toBe(
      'control-character',
    );
  });

  it('checks in upstream order: id, deadline, payload, summary', () => {
    const everythingWrong = {
      localId: CapabilityRequestId.of(0),
      deadlineTick: 0,
      payload: new Uint8Array(TOOL_PAYLOAD_MAX_BYTES + 1),
      approvalSummary: '',
    };
    expect(unwrapErr(validate(everythingWrong)).kind).toBe('zero-identifier');
    expect(
      unwrapErr(validate({ ...everythingWrong, localId: CapabilityRequestId.of(1) })).kind,
    ).toBe('deadline-elapsed');
    expect(
      unwrapErr(
        validate({ ...everythingWrong, localId: CapabilityRequestId.of(1), deadlineTick: 5 }),
      ).kind,
    ).toBe('too-large');
  });

  it('does not check instance or generation, and changes nothing it rejects', () => {
    const input = requestInput({ approvalSummary: 'bad\tsummary' });
    const before = snapshotOf(input);
    expect(unwrapErr(CapabilityRequestInput.validate(input, 1)).kind).toBe('control-character');
    expect(input).toEqual(before);
  });
});
