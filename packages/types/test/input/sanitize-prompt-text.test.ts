import { describe, expect, it } from 'vitest';
import {
  normalizeSemanticPrompt,
  SEMANTIC_PROMPT_MAX_BYTES,
  sanitizePromptText,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

describe('sanitizePromptText', () => {
  it('keeps line breaks and tabs and names the introducers', () => {
    expect(sanitizePromptText('a\nb\r\tc')).toBe('a\nb\r\tc');
    expect(sanitizePromptText('\x1b[31m')).toBe('<ESC>[31m');
    expect(sanitizePromptText('\u009b2J\u009d0;t\u0007')).toBe('<CSI>2J<OSC>0;t<U+0007>');
  });

  it('renders every other control as <U+XXXX> with at least four upper-case digits', () => {
    expect(sanitizePromptText('\u0000\u007f\u0085\u009f\u000b')).toBe(
      '<U+0000><U+007F><U+0085><U+009F><U+000B>',
    );
  });

  it('leaves non-control Unicode, including format characters, untouched', () => {
    const text = 'é🙂\u2028\u200b\ufeff\u180e';
    expect(sanitizePromptText(text)).toBe(text);
  });

  it('neutralises the bracketed-paste end marker so a prompt cannot escape the paste', () => {
    expect(sanitizePromptText('x\x1b[201~rm -rf /\r')).toBe('x<ESC>[201~rm -rf /\r');
  });
});

describe('normalizeSemanticPrompt', () => {
  it('accepts the limit and rejects one byte over, counting bytes before sanitising', () => {
    const atLimit = 'a'.repeat(SEMANTIC_PROMPT_MAX_BYTES);
    expect(unwrap(normalizeSemanticPrompt(atLimit))).toHaveLength(SEMANTIC_PROMPT_MAX_BYTES);
    expect(unwrapErr(normalizeSemanticPrompt(`${atLimit}a`))).toMatchObject({
      kind: 'input-too-large',
      bytes: SEMANTIC_PROMPT_MAX_BYTES + 1,
      max: SEMANTIC_PROMPT_MAX_BYTES,
    });
  });

  it('makes an embedded NUL inert instead of rejecting it', () => {
    expect(unwrap(normalizeSemanticPrompt('a\u0000b'))).toBe('a<U+0000>b');
  });
});
