import Type, { type Static } from 'typebox';
import { SessionOptionSelectionSchema } from '../agent/session-options.js';
import { READINESS_TIMEOUT_MAX_MS } from '../constants.js';
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
  readinessTimeoutMs: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: READINESS_TIMEOUT_MAX_MS }), Type.Null()]),
  ),
});

/**
 * How to start a session: the working directory, the terminal size, an optional first prompt,
 * optional session options and the approval level. The engine validates it on `start`.
 * `readinessTimeoutMs` overrides the agent spec's readiness timeout for this start (how long the
 * runtime waits for the agent's composer before a deferred prompt or a draft); absent or `null`
 * keeps the spec's.
 */
export type StartRequest = Static<typeof StartRequestSchema>;

/** Compiled decoder of {@link StartRequest}. */
export const StartRequestCodec = createWireCodec('StartRequest', StartRequestSchema);
