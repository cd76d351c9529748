import { describe, expect, it } from 'vitest';
import {
  createWireCodec,
  TERMINAL_COLUMNS_MAX,
  TERMINAL_ROWS_MAX,
  TerminalSize,
  TerminalSizeSchema,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

describe('TerminalSize.isValid', () => {
  it('accepts 1..=1000 in both dimensions and rejects 0 and 1001', () => {
    expect(TerminalSize.isValid({ rows: 0, columns: 80 })).toBe(false);
    expect(TerminalSize.isValid({ rows: 24, columns: 0 })).toBe(false);
    expect(TerminalSize.isValid({ rows: 1, columns: 1 })).toBe(true);
    expect(TerminalSize.isValid({ rows: TERMINAL_ROWS_MAX, columns: TERMINAL_COLUMNS_MAX })).toBe(
      true,
    );
    expect(TerminalSize.isValid({ rows: TERMINAL_ROWS_MAX + 1, columns: 1 })).toBe(false);
    expect(TerminalSize.isValid({ rows: 1, columns: TERMINAL_COLUMNS_MAX + 1 })).toBe(false);
  });

  it('decodes any u16 without applying isValid, and rejects what is not a u16', () => {
    const codec = createWireCodec('TerminalSize', TerminalSizeSchema);
    expect(unwrap(codec.decode({ rows: 0, columns: 65_535 }))).toEqual({
      rows: 0,
      columns: 65_535,
    });
    expect(unwrapErr(codec.decode({ rows: 70_000, columns: 80 })).path).toBe('/rows');
    expect(unwrapErr(codec.decode({ rows: 24, columns: -1 })).path).toBe('/columns');
    expect(unwrapErr(codec.decode({ rows: 24.5, columns: 80 })).path).toBe('/rows');
    expect(unwrapErr(codec.decode({ rows: 24 })).path).toBe('/columns');
  });
});
