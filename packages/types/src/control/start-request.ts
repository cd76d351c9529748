import Type, { type Static } from 'typebox';
import { SessionOptionSelectionSchema } from '../agent/session-options.js';
import { createWireCodec, Nullable } from '../shared/schema.js';
import { ApprovalLevelSchema } from './approval-level.js';
import { TerminalSizeSchema } from './terminal-size.js';

/**
 * TypeBox schema of {@link StartRequest}. `initialPrompt` and `sessionOptions` decode as `null`
 * and `approvalLevel` as `'ask'` when missing; all five are always present on output.
 */
export const StartRequestSchema = Type.Object({
  workingDirectory: Type.String(),
  terminalSize: TerminalSizeSchema,
  initialPrompt: Nullable(Type.String()),
  sessionOptions: Nullable(SessionOptionSelectionSchema),
  approvalLevel: ApprovalLevelSchema,
});

/**
 * How to start a session: the working directory, the terminal size, an optional first prompt,
 * optional session options and the approval level. The engine validates it on `start`.
 */
export type StartRequest = Static<typeof StartRequestSchema>;

/** Compiled decoder of {@link StartRequest}. */
export const StartRequestCodec = createWireCodec('StartRequest', StartRequestSchema);
