import Type, { type StaticDecode } from 'typebox';
import { BytesSchema, createWireCodec, SafeIntegerSchema, U16Schema } from '../shared/schema.js';
import { TerminalSizeSchema } from './terminal-size.js';

/** TypeBox schema of {@link TerminalMouseProtocolEncoding}. */
export const TerminalMouseProtocolEncodingSchema = Type.Enum(['default', 'utf8', 'sgr'], {
  default: 'default',
});

/** The mouse report encoding the terminal application enabled. */
export type TerminalMouseProtocolEncoding = StaticDecode<
  typeof TerminalMouseProtocolEncodingSchema
>;

/**
 * TypeBox schema of {@link TerminalFrame}. The last four fields default (`[]`, `false`, `false`,
 * `'default'`) so frames written before they existed still decode.
 */
export const TerminalFrameSchema = Type.Object({
  sequence: SafeIntegerSchema,
  size: TerminalSizeSchema,
  cursorRow: U16Schema,
  cursorColumn: U16Schema,
  contents: Type.String(),
  formatted: BytesSchema,
  scrollbackFormatted: Type.Array(BytesSchema, { default: [] }),
  alternateScreen: Type.Boolean({ default: false }),
  mouseProtocolEnabled: Type.Boolean({ default: false }),
  mouseProtocolEncoding: TerminalMouseProtocolEncodingSchema,
});

/**
 * One immutable picture of a session's terminal: plain `contents`, the `formatted` screen bytes
 * (ANSI), scrollback, and the screen modes. `sequence` is the last applied terminal write.
 */
export type TerminalFrame = StaticDecode<typeof TerminalFrameSchema>;

/** Compiled decoder of {@link TerminalFrame}; older frames get the metadata defaults. */
export const TerminalFrameCodec = createWireCodec('TerminalFrame', TerminalFrameSchema);
