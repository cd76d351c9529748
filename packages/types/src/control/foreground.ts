import Type, { type Static } from 'typebox';
import { FOREGROUND_PROCESS_NAME_MAX_BYTES } from '../constants.js';
import { type AgentId, AgentIdSchema } from '../id/agent-id.js';
import { Nullable, U32Schema } from '../shared/schema.js';
import { hasControlChar, isBlank, utf8ByteLength } from '../shared/text.js';

/** TypeBox schema of {@link ForegroundProcessKind}. */
export const ForegroundProcessKindSchema = Type.Union([
  Type.Object({ kind: Type.Literal('agent'), agentId: AgentIdSchema }),
  Type.Object({ kind: Type.Literal('shell') }),
  Type.Object({ kind: Type.Literal('other') }),
]);

/** What owns the PTY foreground: the session's agent, a shell, or something else. */
export type ForegroundProcessKind = Static<typeof ForegroundProcessKindSchema>;

/** TypeBox schema of {@link ForegroundProcess}. */
export const ForegroundProcessSchema = Type.Object({
  rootProcessId: U32Schema,
  processId: U32Schema,
  processName: Type.String(),
  kind: ForegroundProcessKindSchema,
});

/** The process observed in the PTY foreground, under the session's root process. */
export type ForegroundProcess = Static<typeof ForegroundProcessSchema>;

/** Validator of {@link ForegroundProcess}. */
export const ForegroundProcess = {
  schema: ForegroundProcessSchema,
  /**
   * Whether both pids are positive, the name is not blank, at most 512 bytes and free of control
   * characters, and an `agent` kind names the session's own agent.
   */
  isValidFor(foreground: ForegroundProcess, sessionAgentId: AgentId): boolean {
    return (
      foreground.rootProcessId > 0 &&
      foreground.processId > 0 &&
      !isBlank(foreground.processName) &&
      utf8ByteLength(foreground.processName) <= FOREGROUND_PROCESS_NAME_MAX_BYTES &&
      !hasControlChar(foreground.processName) &&
      (foreground.kind.kind !== 'agent' || foreground.kind.agentId === sessionAgentId)
    );
  },
};

/** TypeBox schema of {@link ForegroundAuthority}. */
export const ForegroundAuthoritySchema = Type.Enum(['unknown', 'confirmed', 'stale'], {
  default: 'unknown',
});

/** How far the foreground observation can be trusted; `unknown` by default. */
export type ForegroundAuthority = Static<typeof ForegroundAuthoritySchema>;

/** TypeBox schema of {@link ForegroundSnapshot}. */
export const ForegroundSnapshotSchema = Type.Object({
  authority: ForegroundAuthoritySchema,
  process: Nullable(ForegroundProcessSchema),
  staleReason: Nullable(Type.String()),
});

/** The session's last foreground observation. */
export type ForegroundSnapshot = Static<typeof ForegroundSnapshotSchema>;

/** The empty foreground snapshot: `unknown`, no process, no stale reason. */
export function defaultForegroundSnapshot(): ForegroundSnapshot {
  return { authority: 'unknown', process: null, staleReason: null };
}

/** TypeBox schema of {@link ForegroundRequirement}. */
export const ForegroundRequirementSchema = Type.Union([
  Type.Object({ kind: Type.Literal('any') }),
  Type.Object({ kind: Type.Literal('agent'), agentId: AgentIdSchema }),
  Type.Object({ kind: Type.Literal('shell') }),
]);

/**
 * The foreground proof an executor must obtain right before a PTY write, carried by the effect so
 * every executor enforces the same rule: `any` for explicit terminal text and controls, `agent`
 * for semantic input to the session's agent, `shell` for shell syntax.
 */
export type ForegroundRequirement = Static<typeof ForegroundRequirementSchema>;
