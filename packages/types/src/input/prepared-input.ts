import Type, { type StaticDecode } from 'typebox';
import { BytesSchema, createWireCodec, SafeIntegerSchema } from '../shared/schema.js';

/** TypeBox schema of {@link PreparedWriteKind}. */
export const PreparedWriteKindSchema = Type.Enum(['framing', 'data', 'submit', 'control']);

/** The role of one PTY write. */
export type PreparedWriteKind = StaticDecode<typeof PreparedWriteKindSchema>;

/** TypeBox schema of {@link PreparedWrite}. */
export const PreparedWriteSchema = Type.Object({
  kind: PreparedWriteKindSchema,
  bytes: BytesSchema,
  delayBeforeMs: SafeIntegerSchema,
});

/** One bounded PTY write; `delayBeforeMs` is the wait after the previous write. */
export type PreparedWrite = StaticDecode<typeof PreparedWriteSchema>;

/** TypeBox schema of {@link PreparedInputKind}. */
export const PreparedInputKindSchema = Type.Enum([
  'insert-draft',
  'submit-prompt',
  'agent-command',
  'shell-command',
  'terminal-text',
  'terminal-bytes',
  'terminal-control',
  'operator-keys',
]);

/** Which input action a prepared input came from. */
export type PreparedInputKind = StaticDecode<typeof PreparedInputKindSchema>;

/** TypeBox schema of {@link PreparedInput}. */
export const PreparedInputSchema = Type.Object({
  kind: PreparedInputKindSchema,
  writes: Type.Array(PreparedWriteSchema),
});

/** An input action turned into the exact, bounded sequence of PTY writes. */
export type PreparedInput = StaticDecode<typeof PreparedInputSchema>;

/** Compiled decoder of {@link PreparedInput}. */
export const PreparedInputCodec = createWireCodec('PreparedInput', PreparedInputSchema);
