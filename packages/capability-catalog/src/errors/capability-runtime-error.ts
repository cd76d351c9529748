import type { CapabilityKind } from '../identity/capability-kind.js';
import type { CapabilityProjectionError } from './capability-projection-error.js';
import type { CapabilityScopeError } from './capability-scope-error.js';

type E<K extends string, F = {}> = { readonly kind: K; readonly message: string } & Readonly<F>;

/** The counters of an unclean Run close, taken from the Session-scope close report. */
export interface RunCloseCounters {
  readonly tasksFailed: number;
  readonly tasksTimedOut: number;
  readonly childScopesFailed: number;
  readonly childScopesTimedOut: number;
  readonly effectsFailed: number;
  readonly effectsTimedOut: number;
}

/** A Session-host failure; none of them exposes a partial capability generation. */
export type CapabilityRuntimeError =
  | E<
      'projection',
      { cause: CapabilityProjectionError; innerKind: CapabilityProjectionError['kind'] }
    >
  | E<'scope', { cause: CapabilityScopeError; innerKind: CapabilityScopeError['kind'] }>
  | E<'missing-use-lease-provider'>
  | E<'unexpected-use-lease-provider'>
  | E<
      'use-lease-provider-mismatch',
      {
        expectedGeneration: number;
        actualGeneration: number;
        revisionMismatch: boolean;
        registryRevisionMismatch: boolean;
      }
    >
  | E<'use-lease-acquisition', { detail: string }>
  | E<'cancelled'>
  | E<'session-closed'>
  | E<'unsupported-session-kind', { capabilityKind: CapabilityKind }>
  | E<'runtime-name-conflict', { capabilityKind: CapabilityKind; publicName: string }>
  | E<
      'runtime-value-invalid',
      { capabilityKind: CapabilityKind; publicName: string; detail: string }
    >
  | E<'recovery-binding', { detail: string }>
  | E<'run-close-incomplete', RunCloseCounters>;

/** One factory per {@link CapabilityRuntimeError} variant, keeping the upstream wording. */
export const CapabilityRuntimeError = {
  projection: (cause: CapabilityProjectionError): CapabilityRuntimeError => ({
    kind: 'projection',
    cause,
    innerKind: cause.kind,
    message: cause.message,
  }),
  scope: (cause: CapabilityScopeError): CapabilityRuntimeError => ({
    kind: 'scope',
    cause,
    innerKind: cause.kind,
    message: cause.message,
  }),
  missingUseLeaseProvider: (): CapabilityRuntimeError => ({
    kind: 'missing-use-lease-provider',
    message:
      'A Session capability batch with an A3S Use cursor requires a lease provider; pass a Use lease provider',
  }),
  unexpectedUseLeaseProvider: (): CapabilityRuntimeError => ({
    kind: 'unexpected-use-lease-provider',
    message:
      'A Session capability batch without an A3S Use cursor cannot carry a lease provider; remove the lease provider',
  }),
  useLeaseProviderMismatch: (
    expectedGeneration: number,
    actualGeneration: number,
    revisionMismatch: boolean,
    registryRevisionMismatch: boolean,
  ): CapabilityRuntimeError => ({
    kind: 'use-lease-provider-mismatch',
    expectedGeneration,
    actualGeneration,
    revisionMismatch,
    registryRevisionMismatch,
    message: `A3S Use lease provider does not match the batch cursor (generation ${expectedGeneration} vs ${actualGeneration}, capability revision mismatch: ${revisionMismatch}, Registry revision mismatch: ${registryRevisionMismatch}); pass the lease provider of the batch's cursor`,
  }),
  useLeaseAcquisition: (detail: string): CapabilityRuntimeError => ({
    kind: 'use-lease-acquisition',
    detail,
    message: `A3S Use generation lease acquisition failed: ${detail}; check the lease provider, then retry`,
  }),
  cancelled: (): CapabilityRuntimeError => ({
    kind: 'cancelled',
    message: 'Session capability Run admission was cancelled; retry when ready',
  }),
  sessionClosed: (): CapabilityRuntimeError => ({
    kind: 'session-closed',
    message: 'The owning Session is closed; open a new session',
  }),
  unsupportedSessionKind: (capabilityKind: CapabilityKind): CapabilityRuntimeError => ({
    kind: 'unsupported-session-kind',
    capabilityKind,
    message: `Session capability kind '${capabilityKind}' is not migrated to the atomic host runtime; use a tool, skill or agent capability`,
  }),
  runtimeNameConflict: (
    capabilityKind: CapabilityKind,
    publicName: string,
  ): CapabilityRuntimeError => ({
    kind: 'runtime-name-conflict',
    capabilityKind,
    publicName,
    message: `Session runtime ${capabilityKind} name '${publicName}' conflicts with a compatibility value; rename one of them`,
  }),
  runtimeValueInvalid: (
    capabilityKind: CapabilityKind,
    publicName: string,
    detail: string,
  ): CapabilityRuntimeError => ({
    kind: 'runtime-value-invalid',
    capabilityKind,
    publicName,
    detail,
    message: `Session runtime ${capabilityKind} value '${publicName}' is invalid: ${detail}; correct the value`,
  }),
  recoveryBinding: (detail: string): CapabilityRuntimeError => ({
    kind: 'recovery-binding',
    detail,
    message: `Session capability recovery binding failed: ${detail}; check the recovery binding, then retry`,
  }),
  runCloseIncomplete: (counters: RunCloseCounters): CapabilityRuntimeError => ({
    kind: 'run-close-incomplete',
    ...counters,
    message: `Capability Run close was incomplete (tasks failed: ${counters.tasksFailed}, tasks timed out: ${counters.tasksTimedOut}, child scopes failed: ${counters.childScopesFailed}, child scopes timed out: ${counters.childScopesTimedOut}, effects failed: ${counters.effectsFailed}, effects timed out: ${counters.effectsTimedOut}); check the failed tasks and effects`,
  }),
} as const;
