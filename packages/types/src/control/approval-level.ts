// ApprovalLevel exists only in the reference E2E (ARCHITECTURE decision 13): nothing upstream
// reads it. The levels are ordered from most to least restrictive; the default is the most
// restrictive level under which an agent can still do useful work: it asks before acting.
import Type, { type Static } from 'typebox';

/** Every {@link ApprovalLevel}, from most to least restrictive. */
export const APPROVAL_LEVELS = ['read-only', 'ask', 'auto-edit', 'full-auto'] as const;

/** TypeBox schema of {@link ApprovalLevel}; a missing `approvalLevel` decodes as `'ask'`. */
export const ApprovalLevelSchema = Type.Enum(APPROVAL_LEVELS, { default: 'ask' });

/**
 * How much an agent may do without asking the user:
 * - `read-only`: read and plan only; no edits, no commands;
 * - `ask` (default): asks before every edit and every command;
 * - `auto-edit`: edits files in the working directory without asking, asks before commands;
 * - `full-auto`: edits and runs commands without asking.
 *
 * The launch planner maps a level to each agent's own flags and fails closed when an agent cannot
 * express it; the raw-PTY policy passes it through unchanged.
 */
export type ApprovalLevel = Static<typeof ApprovalLevelSchema>;

/** Default, validator and ordering of {@link ApprovalLevel}. */
export const ApprovalLevel = {
  schema: ApprovalLevelSchema,
  /** Every level, from most to least restrictive. */
  values: APPROVAL_LEVELS,
  /** The safe default, `'ask'`. */
  default(): ApprovalLevel {
    return 'ask';
  },
  /** Whether `value` is an approval level. */
  is(value: unknown): value is ApprovalLevel {
    return (APPROVAL_LEVELS as readonly unknown[]).includes(value);
  },
  /** Negative when `left` is more restrictive than `right`. */
  compare(left: ApprovalLevel, right: ApprovalLevel): number {
    return APPROVAL_LEVELS.indexOf(left) - APPROVAL_LEVELS.indexOf(right);
  },
};
