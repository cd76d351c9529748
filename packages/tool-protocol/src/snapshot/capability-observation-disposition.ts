import Type, { type StaticDecode } from 'typebox';

/** Why the engine ignored a provider observation. */
export const ObservationIgnoredReasonSchema = Type.Union([
  Type.Literal('unknown-request'),
  Type.Literal('stale-generation'),
  Type.Literal('instance-mismatch'),
  Type.Literal('provider-mismatch'),
  Type.Literal('request-not-dispatched'),
  Type.Literal('operation-mismatch'),
  Type.Literal('deadline-elapsed'),
]);

/** Why the engine ignored an observation (upstream tool-protocol `ObservationIgnoredReason`). */
export type ObservationIgnoredReason = StaticDecode<typeof ObservationIgnoredReasonSchema>;

/** Whether the engine applied a provider observation or ignored it, and why. */
export const CapabilityObservationDispositionSchema = Type.Union([
  Type.Object({ kind: Type.Literal('applied') }),
  Type.Object({ kind: Type.Literal('ignored'), reason: ObservationIgnoredReasonSchema }),
]);

/** Applied or ignored (upstream `CapabilityObservationDisposition`). */
export type CapabilityObservationDisposition = StaticDecode<
  typeof CapabilityObservationDispositionSchema
>;
