import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { validateOptionalText, validateRequiredText, validateText } from '../../src/index.js';

const FIELD = 'tool test text';

describe('validateText', () => {
  it('accepts exactly the byte limit and rejects one byte more', () => {
    unwrap(validateText(FIELD, 'x'.repeat(16), 16));
    expect(unwrapErr(validateText(FIELD, 'x'.repeat(17), 16))).toEqual({
      kind: 'too-large',
      field: FIELD,
      max: 16,
      actual: 17,
      message: `${FIELD} is 17 bytes, over the 16-byte limit; shorten it`,
    });
  });

  it('counts multi-byte UTF-8 in bytes', () => {
    unwrap(validateText(FIELD, 'é'.repeat(8), 16));
    expect(unwrapErr(validateText(FIELD, `${'é'.repeat(8)}x`, 16))).toMatchObject({ actual: 17 });
    expect(unwrapErr(validateText(FIELD, '😀'.repeat(5), 16))).toMatchObject({ actual: 20 });
    expect(unwrapErr(validateText(FIELD, 'é'.repeat(200), 256))).toMatchObject({ actual: 400 });
  });

  it('rejects every Cc character, line breaks and tabs included', () => {
    for (const control of ['\n', '\r', '\t', '\u0000', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(unwrapErr(validateText(FIELD, `a${control}b`, 64))).toMatchObject({
        kind: 'control-character',
        field: FIELD,
      });
    }
  });

  it('accepts format and separator characters that are not Cc', () => {
    for (const text of ['\u2028', '\u200b', '\ufeff', '\u180e', 'naïve ☕']) {
      unwrap(validateText(FIELD, text, 64));
    }
  });

  it('checks the length before control characters', () => {
    expect(unwrapErr(validateText(FIELD, '\n'.repeat(5), 4)).kind).toBe('too-large');
  });
});

describe('validateRequiredText', () => {
  it('rejects blank text by the Unicode White_Space rule', () => {
    for (const blank of [
      '',
      ' ',
      '\t\n\r',
      '\u0085',
      '\u00a0',
      '\u2028',
      '\u3000',
      ' '.repeat(100),
    ]) {
      expect(unwrapErr(validateRequiredText(FIELD, blank, 16))).toMatchObject({
        kind: 'required',
        field: FIELD,
      });
    }
  });

  it('accepts U+FEFF, which Rust does not trim', () => {
    unwrap(validateRequiredText(FIELD, '\ufeff', 16));
  });

  it('then applies the text rule', () => {
    unwrap(validateRequiredText(FIELD, 'x'.repeat(16), 16));
    expect(unwrapErr(validateRequiredText(FIELD, 'x'.repeat(17), 16)).kind).toBe('too-large');
    expect(unwrapErr(validateRequiredText(FIELD, 'a\nb', 16)).kind).toBe('control-character');
  });
});

describe('validateOptionalText', () => {
  it('accepts null and the empty string', () => {
    unwrap(validateOptionalText(FIELD, null, 16));
    unwrap(validateOptionalText(FIELD, '', 16));
    unwrap(validateOptionalText(FIELD, '   ', 16));
  });

  it('applies the text rule to a present value', () => {
    expect(unwrapErr(validateOptionalText(FIELD, 'x'.repeat(17), 16)).kind).toBe('too-large');
    expect(unwrapErr(validateOptionalText(FIELD, '\t', 16)).kind).toBe('control-character');
  });
});
