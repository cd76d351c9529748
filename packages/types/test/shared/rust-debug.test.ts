import { describe, expect, it } from 'vitest';
import { pascalCase, rustDebugNewtype, rustDebugString } from '../../src/index.js';

describe('Rust Debug renderings', () => {
  it('quotes strings and escapes controls as Rust does', () => {
    expect(rustDebugString('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(rustDebugString('\n\r\t\0\u001b\u0085é')).toBe('"\\n\\r\\t\\0\\u{1b}\\u{85}é"');
  });

  it('renders newtypes and variant names', () => {
    expect(rustDebugNewtype('AgentInstanceId', 4_401)).toBe('AgentInstanceId(4401)');
    expect(rustDebugNewtype('AdapterId', 'x')).toBe('AdapterId("x")');
    expect(pascalCase('raw-pty-lifecycle')).toBe('RawPtyLifecycle');
    expect(pascalCase('pty')).toBe('Pty');
  });
});
