import { describe, expect, it } from 'vitest';
import {
  SessionOptionSelection,
  SessionOptionSelectionSchema,
} from '../../src/agent/session-options.js';
import {
  SESSION_OPTION_ID_MAX_BYTES,
  SESSION_OPTION_VALUE_MAX_BYTES,
  SESSION_OPTION_VALUES_MAX,
} from '../../src/constants.js';
import { unwrapErr } from '../../src/shared/result.js';
import { createWireCodec } from '../../src/shared/schema.js';

const codec = createWireCodec('SessionOptionSelection', SessionOptionSelectionSchema);

describe('SessionOptionSelection', () => {
  it('keeps option ids in byte order and round-trips through JSON', () => {
    let selection = SessionOptionSelection.new('opus');
    selection = SessionOptionSelection.withValue(selection, 'fastMode', true);
    selection = SessionOptionSelection.withValue(selection, 'effort', 'xhigh');
    expect(JSON.stringify(selection)).toBe(
      '{"model":"opus","values":{"effort":"xhigh","fastMode":true}}',
    );
    const decoded = codec.decode(JSON.parse(JSON.stringify(selection)));
    expect(decoded).toEqual({ ok: true, value: selection });
    expect(SessionOptionSelection.validate(selection).ok).toBe(true);
  });

  it('replaces a value and leaves the original untouched', () => {
    const first = SessionOptionSelection.withValue(
      SessionOptionSelection.new('m'),
      'effort',
      'low',
    );
    const second = SessionOptionSelection.withValue(first, 'effort', 'high');
    expect(first.values).toEqual({ effort: 'low' });
    expect(second.values).toEqual({ effort: 'high' });
  });

  it('rejects numbers on the wire', () => {
    expect(codec.decode({ model: 'm', values: { effort: 3 } }).ok).toBe(false);
  });

  it('validates the model first', () => {
    const error = unwrapErr(
      SessionOptionSelection.validate({ model: 'bad\nmodel', values: { model: 'x' } }),
    );
    expect(error).toMatchObject({ kind: 'invalid-value', field: 'model' });
    expect(error.message).toBe(
      'session-option model is empty, contains controls, or exceeds its bound; pass a short single-line value',
    );
    expect(unwrapErr(SessionOptionSelection.validate({ model: ' \t', values: {} })).kind).toBe(
      'invalid-value',
    );
  });

  it('accepts the byte limits and rejects one byte more', () => {
    const atLimit = 'é'.repeat(SESSION_OPTION_VALUE_MAX_BYTES / 2);
    expect(SessionOptionSelection.validate({ model: atLimit, values: {} }).ok).toBe(true);
    expect(SessionOptionSelection.validate({ model: `${atLimit}x`, values: {} }).ok).toBe(false);
    const longId = 'i'.repeat(SESSION_OPTION_ID_MAX_BYTES);
    expect(SessionOptionSelection.validate({ model: 'm', values: { [longId]: true } }).ok).toBe(
      true,
    );
    expect(
      unwrapErr(SessionOptionSelection.validate({ model: 'm', values: { [`${longId}i`]: true } }))
        .kind,
    ).toBe('invalid-option-id');
  });

  it('limits the number of values', () => {
    const values = Object.fromEntries(
      Array.from({ length: SESSION_OPTION_VALUES_MAX }, (_, index) => [`o${index}`, true]),
    );
    expect(SessionOptionSelection.validate({ model: 'm', values }).ok).toBe(true);
    const error = unwrapErr(
      SessionOptionSelection.validate({ model: 'm', values: { ...values, extra: true } }),
    );
    expect(error).toMatchObject({ kind: 'too-many-values', count: 65, max: 64 });
    expect(error.message).toBe(
      'session-option selection has 65 values; the limit is 64, so remove some',
    );
  });

  it('checks entries in byte order: reserved model, empty id, bad string value; booleans pass', () => {
    expect(
      unwrapErr(SessionOptionSelection.validate({ model: 'm', values: { model: 'x' } })).kind,
    ).toBe('reserved-model-option');
    expect(
      unwrapErr(SessionOptionSelection.validate({ model: 'm', values: { '': true } })).kind,
    ).toBe('invalid-option-id');
    const error = unwrapErr(
      SessionOptionSelection.validate({ model: 'm', values: { a: ' ', model: 'x' } }),
    );
    expect(error).toMatchObject({ kind: 'invalid-value', field: 'option value' });
    expect(SessionOptionSelection.validate({ model: 'm', values: { flag: false } }).ok).toBe(true);
  });
});

describe('SessionOptionSelection wire defaults', () => {
  it('takes an empty value map when values is missing, as serde default does', () => {
    const decoded = codec.decode({ model: 'opus' });
    expect(decoded.ok).toBe(true);
    if (decoded.ok) expect(decoded.value).toEqual({ model: 'opus', values: {} });
  });
});
