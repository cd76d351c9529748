import { describe, expect, it } from 'vitest';
import {
  compareUtf8,
  hasControlChar,
  hasNonTextControlChar,
  isBlank,
  utf8ByteLength,
} from '../../src/index.js';

describe('text rules', () => {
  it('counts UTF-8 bytes, not UTF-16 units', () => {
    expect(utf8ByteLength('é'.repeat(200))).toBe(400);
    expect(utf8ByteLength('😀')).toBe(4);
  });

  it('treats only Unicode Cc as control', () => {
    expect(hasControlChar('a\u0000')).toBe(true);
    expect(hasControlChar('a\u009f')).toBe(true);
    expect(hasControlChar('\u2028\u200b\ufeff\u180e')).toBe(false);
    expect(hasNonTextControlChar('a\nb\tc\r')).toBe(false);
    expect(hasNonTextControlChar('a\u001b')).toBe(true);
  });

  it('matches Rust trim for blank', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \u0085\u3000')).toBe(true);
    expect(isBlank('\ufeff')).toBe(false);
  });
});

describe('compareUtf8', () => {
  it('orders by UTF-8 bytes, unlike UTF-16 comparison above the BMP', () => {
    const astral = '\u{1F600}';
    const highBmp = '\uFF5E';
    expect(astral < highBmp).toBe(true);
    expect(compareUtf8(astral, highBmp)).toBe(1);
    expect(compareUtf8('a', 'b')).toBe(-1);
    expect(compareUtf8('same', 'same')).toBe(0);
  });
});

// The pure implementations must agree with Node's encoder on every kind of code unit sequence,
// lone surrogates included (an encoder writes U+FFFD for them).
const SAMPLES = [
  '',
  'a',
  'ab',
  '\u007F',
  '\u0080',
  'é',
  '\u07FF',
  '\u0800',
  '\uD7FF',
  '\uE000',
  '\uFFFC',
  '\uFFFD',
  '\uFFFF',
  '\u{10000}',
  '\u{1F600}',
  '\u{10FFFF}',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uDE00x',
  'a\u{1F600}b',
  'Привет, 世界',
];

describe('UTF-8 without Buffer', () => {
  it('utf8ByteLength equals the encoded length', () => {
    for (const sample of SAMPLES) {
      expect(utf8ByteLength(sample), JSON.stringify(sample)).toBe(
        Buffer.byteLength(sample, 'utf8'),
      );
    }
  });

  it('compareUtf8 equals a comparison of the encoded bytes', () => {
    for (const left of SAMPLES) {
      for (const right of SAMPLES) {
        const expected = Math.sign(Buffer.compare(Buffer.from(left), Buffer.from(right)));
        expect(
          compareUtf8(left, right),
          `${JSON.stringify(left)} vs ${JSON.stringify(right)}`,
        ).toBe(expected);
      }
    }
  });
});
