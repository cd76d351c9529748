import type { CapabilityKind } from '../identity/capability-kind.js';
import type { CapabilityRuntimeError } from './capability-runtime-error.js';

type E<K extends string, F = {}> = { readonly kind: K; readonly message: string } & Readonly<F>;

/** A Session-level failure of a compatibility registration, a Run or an agent loop. */
export type CodeError =
  | E<'capability', { cause: CapabilityRuntimeError; innerKind: CapabilityRuntimeError['kind'] }>
  | E<'session-closed', { sessionId: string }>
  | E<'run-identity-conflict', { runId: string }>
  | E<'session-busy', { sessionId: string }>
  | E<'builtin-name-taken', { capabilityKind: CapabilityKind; publicName: string }>
  | E<'invalid-agent', { detail: string }>
  | E<'agent-loop', { detail: string }>
  | E<'internal', { detail: string }>;

/** One factory per {@link CodeError} variant. */
export const CodeError = {
  capability: (cause: CapabilityRuntimeError): CodeError => ({
    kind: 'capability',
    cause,
    innerKind: cause.kind,
    message: cause.message,
  }),
  sessionClosed: (sessionId: string): CodeError => ({
    kind: 'session-closed',
    sessionId,
    message: `Session '${sessionId}' is closed; open a new session`,
  }),
  runIdentityConflict: (runId: string): CodeError => ({
    kind: 'run-identity-conflict',
    runId,
    message: `Run '${runId}' already exists with another prompt; choose a new run id`,
  }),
  sessionBusy: (sessionId: string): CodeError => ({
    kind: 'session-busy',
    sessionId,
    message: `Session '${sessionId}' is already executing a Run; wait for it to finish`,
  }),
  builtinNameTaken: (capabilityKind: CapabilityKind, publicName: string): CodeError => ({
    kind: 'builtin-name-taken',
    capabilityKind,
    publicName,
    message: `The ${capabilityKind} name '${publicName}' belongs to a built-in; choose another name`,
  }),
  invalidAgent: (detail: string): CodeError => ({
    kind: 'invalid-agent',
    detail,
    message: `Worker agent is invalid: ${detail}; correct the agent definition`,
  }),
  agentLoop: (detail: string): CodeError => ({
    kind: 'agent-loop',
    detail,
    message: `Agent loop failed: ${detail}; check the model client, then retry`,
  }),
  internal: (detail: string): CodeError => ({
    kind: 'internal',
    detail,
    message: `Internal Session error: ${detail}; report this as a bug`,
  }),
} as const;
