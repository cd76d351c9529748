import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityDescriptor,
  TOOL_CAPABILITY_DESCRIPTION_MAX_BYTES,
  TOOL_CAPABILITY_INPUT_SCHEMA_MAX_BYTES,
  TOOL_CAPABILITY_INPUT_SCHEMA_MAX_DEPTH,
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

describe('CapabilityDescriptor input schema', () => {
  const click = ToolCapabilityId.of('browser.click');
  const schema = {
    type: 'object',
    properties: { selector: { type: 'string' } },
    required: ['selector'],
  };

  it('keeps an input schema given to new, and has no key without one', () => {
    const built = unwrap(
      CapabilityDescriptor.new(click, 'browser', 'Click', { inputSchema: schema }),
    );
    expect(built).toEqual({
      id: 'browser.click',
      class: 'browser',
      description: 'Click',
      inputSchema: schema,
    });
    expect('inputSchema' in unwrap(CapabilityDescriptor.new(click, 'browser', 'Click'))).toBe(
      false,
    );
    unwrap(CapabilityDescriptor.new(click, 'browser', 'Click', { inputSchema: {} }));
  });

  it('keeps the input schema through decode and encode', () => {
    const wire = {
      id: 'browser.click',
      class: 'browser',
      description: 'Click',
      inputSchema: schema,
    };
    const decoded = unwrap(CapabilityDescriptor.codec.decode(structuredClone(wire)));
    expect(decoded.inputSchema).toEqual(schema);
    expect(CapabilityDescriptor.codec.encode(decoded)).toEqual(wire);
    expect(unwrap(CapabilityDescriptor.codec.decode(JSON.parse(JSON.stringify(wire))))).toEqual(
      wire,
    );
    const without = unwrap(
      CapabilityDescriptor.codec.decode({
        id: 'browser.click',
        class: 'browser',
        description: 'x',
      }),
    );
    expect('inputSchema' in without).toBe(false);
    expect(
      unwrapErr(CapabilityDescriptor.codec.decode({ ...wire, inputSchema: ['object'] })).path,
    ).toBe('/inputSchema');
  });

  it('refuses a schema that is not a plain JSON object, with what and what to do', () => {
    const refused = (inputSchema: unknown) =>
      unwrapErr(
        CapabilityDescriptor.new(click, 'browser', 'Click', {
          inputSchema: inputSchema as Record<string, unknown>,
        }),
      );
    expect(refused([])).toMatchObject({
      kind: 'invalid-input-schema',
      capabilityId: 'browser.click',
      problem: 'is an array, not a JSON object',
    });
    expect(refused(null).kind).toBe('invalid-input-schema');
    expect(refused(new Date(0)).message).toContain('is a Date object, not a JSON object');
    expect(refused({ properties: { at: new Map() } }).message).toContain(
      'holds a Map object at /properties/at',
    );
    expect(refused({ default: Number.NaN }).message).toContain('holds the number NaN at /default');
    expect(refused({ properties: { x: undefined } }).message).toContain(
      'holds undefined at /properties/x',
    );
    expect(refused({ 'a/b': () => 1 }).message).toContain('at /a~1b');
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.items = { nested: cyclic };
    expect(refused(cyclic).message).toContain('refers to itself at /items/nested');
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < TOOL_CAPABILITY_INPUT_SCHEMA_MAX_DEPTH; level += 1) deep = { deep };
    expect(refused(deep).message).toContain(
      `nests deeper than ${TOOL_CAPABILITY_INPUT_SCHEMA_MAX_DEPTH} levels`,
    );
    expect(refused({ ...deep }).message).toContain('leave inputSchema out');
  });

  it('refuses a top-level type other than "object"', () => {
    for (const type of ['string', ['object', 'null'], 1]) {
      const error = unwrapErr(
        CapabilityDescriptor.new(click, 'browser', 'Click', { inputSchema: { type } }),
      );
      expect(error).toMatchObject({ kind: 'invalid-input-schema', capabilityId: 'browser.click' });
      expect(error.message).toContain(`has top-level type ${JSON.stringify(type)}`);
    }
  });

  it('bounds the schema encoded as JSON in UTF-8 bytes', () => {
    const max = TOOL_CAPABILITY_INPUT_SCHEMA_MAX_BYTES;
    const sized = (bytes: number) => ({
      description: 'd'.repeat(bytes - '{"description":""}'.length),
    });
    unwrap(CapabilityDescriptor.new(click, 'browser', 'Click', { inputSchema: sized(max) }));
    expect(
      unwrapErr(
        CapabilityDescriptor.new(click, 'browser', 'Click', { inputSchema: sized(max + 1) }),
      ),
    ).toMatchObject({
      kind: 'too-large',
      field: 'tool capability input schema',
      max,
      actual: max + 1,
    });
  });

  it('checks decoded schemas in validate, after admission and the description, changing nothing', () => {
    const decoded = unwrap(
      CapabilityDescriptor.codec.decode({
        id: 'browser.click',
        class: 'browser',
        description: 'Click',
        inputSchema: { type: 'array' },
      }),
    );
    const before = structuredClone(decoded);
    expect(unwrapErr(CapabilityDescriptor.validate(decoded)).kind).toBe('invalid-input-schema');
    expect(unwrapErr(CapabilityDescriptor.validateInputSchema(decoded)).kind).toBe(
      'invalid-input-schema',
    );
    unwrap(
      CapabilityDescriptor.validateInputSchema({ ...decoded, inputSchema: { type: 'object' } }),
    );
    expect(decoded).toEqual(before);
    const blank = { ...decoded, description: '' };
    expect(unwrapErr(CapabilityDescriptor.validate(blank)).kind).toBe('required');
  });
});
