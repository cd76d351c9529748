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
