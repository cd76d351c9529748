import Type, { type Static } from 'typebox';
import { ProviderRuntimeCapabilitySchema } from './provider-runtime-policy.js';

const reason = <K extends string>(kind: K) => Type.Object({ kind: Type.Literal(kind) });

/**
 * TypeBox schema of {@link ObservationIgnoredReason}. Upstream encodes this enum externally
 * tagged; here it is kind-tagged like every other union.
 */
export const ObservationIgnoredReasonSchema = Type.Union([
  reason('unsupported-protocol-version'),
  reason('unknown-instance'),
  reason('stale-generation'),
  reason('generation-exhausted'),
  reason('missing-operation'),
  reason('operation-mismatch'),
  reason('invalid-state'),
  reason('stale-terminal-frame'),
  reason('stale-provider-event'),
  reason('invalid-foreground-observation'),
  reason('invalid-capability-observation'),
  reason('invalid-history-observation'),
  reason('invalid-resume-observation'),
  reason('invalid-interaction-observation'),
  Type.Object({
    kind: Type.Literal('provider-runtime-policy-denied'),
    capability: ProviderRuntimeCapabilitySchema,
  }),
]);

/** Why the engine dropped an observation instead of applying it. */
export type ObservationIgnoredReason = Static<typeof ObservationIgnoredReasonSchema>;
