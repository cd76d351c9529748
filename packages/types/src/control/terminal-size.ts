import Type, { type Static } from 'typebox';
import { TERMINAL_COLUMNS_MAX, TERMINAL_ROWS_MAX } from '../constants.js';
import { U16Schema } from '../shared/schema.js';

/** TypeBox schema of {@link TerminalSize}. Decoding checks the u16 range only, not `isValid`. */
export const TerminalSizeSchema = Type.Object({ rows: U16Schema, columns: U16Schema });

/** A terminal size in character cells. */
export type TerminalSize = Static<typeof TerminalSizeSchema>;

/** Validator of {@link TerminalSize}. */
export const TerminalSize = {
  schema: TerminalSizeSchema,
  /** Whether `1 ≤ rows ≤ TERMINAL_ROWS_MAX` and `1 ≤ columns ≤ TERMINAL_COLUMNS_MAX`. */
  isValid(size: TerminalSize): boolean {
    return (
      Number.isInteger(size.rows) &&
      Number.isInteger(size.columns) &&
      size.rows >= 1 &&
      size.rows <= TERMINAL_ROWS_MAX &&
      size.columns >= 1 &&
      size.columns <= TERMINAL_COLUMNS_MAX
    );
  },
};
