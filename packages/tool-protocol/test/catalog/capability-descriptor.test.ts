import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityDescriptor,
  TOOL_CAPABILITY_DESCRIPTION_MAX_BYTES,
  ToolCapabilityId,
} from '../../src/index.js';

const snapshot = ToolCapabilityId.of('browser.snapshot');

describe('CapabilityDescriptor.new', () => {
  it('builds the reference E2E descriptor', () => {
    expect(
      unwrap(CapabilityDescriptor.new(snapshot, 'browser', 'Return controlled page metadata')),
    ).toEqual({
      id: 'browser.snapshot',
      class: 'browser',
      description: 'Return controlled page metadata',
    });
  });

  it('checks admission before the description', () => {
    const wrongClass = CapabilityDescriptor.new(snapshot, 'consumer-state', '');
    expect(unwrapErr(wrongClass).kind).toBe('capability-outside-admission');
  });

  it('bounds the description in UTF-8 bytes', () => {
    const max = TOOL_CAPABILITY_DESCRIPTION_MAX_BYTES;
    unwrap(CapabilityDescriptor.new(snapshot, 'browser', 'd'.repeat(max)));
    unwrap(CapabilityDescriptor.new(snapshot, 'browser', 'é'.repeat(max / 2)));
    expect(
      unwrapErr(CapabilityDescriptor.new(snapshot, 'browser', 'd'.repeat(max + 1))),
    ).toMatchObject({
      kind: 'too-large',
      field: 'tool capability description',
      max,
      actual: max + 1,
    });
    expect(
      unwrapErr(CapabilityDescriptor.new(snapshot, 'browser', `${'é'.repeat(max / 2)}x`)),
    ).toMatchObject({
      kind: 'too-large',
      actual: max + 1,
    });
  });

  it('rejects blank and control-character descriptions', () => {
    expect(unwrapErr(CapabilityDescriptor.new(snapshot, 'browser', ' \u3000'))).toMatchObject({
      kind: 'required',
      field: 'tool capability description',
    });
    expect(unwrapErr(CapabilityDescriptor.new(snapshot, 'browser', 'two\nlines'))).toMatchObject({
      kind: 'control-character',
      field: 'tool capability description',
    });
  });
});

describe('CapabilityDescriptor.validate', () => {
  it('runs on decoded values, which skip admission and the description', () => {
    const decoded = unwrap(
      CapabilityDescriptor.codec.decode({ id: 'shell.exec', class: 'browser', description: '' }),
    );
    const before = structuredClone(decoded);
    expect(unwrapErr(CapabilityDescriptor.validate(decoded)).kind).toBe(
      'capability-outside-admission',
    );
    expect(unwrapErr(CapabilityDescriptor.validateAdmission(decoded)).kind).toBe(
      'capability-outside-admission',
    );
    expect(decoded).toEqual(before);
    const emptyDescription = unwrap(
      CapabilityDescriptor.codec.decode({ id: 'browser.page', class: 'browser', description: '' }),
    );
    unwrap(CapabilityDescriptor.validateAdmission(emptyDescription));
    expect(unwrapErr(CapabilityDescriptor.validate(emptyDescription)).kind).toBe('required');
  });
});
