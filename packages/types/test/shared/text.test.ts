import { describe, expect, it } from 'vitest';
import { hasControlChar, hasNonTextControlChar, isBlank, utf8ByteLength } from '../../src/index.js';

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
