import Type, { type StaticDecode } from 'typebox';

/** Why a completion was dropped instead of queued. */
export const CompletionDropReasonSchema = Type.Union([
  Type.Literal('queue-full'),
  Type.Literal('sequence-exhausted'),
]);

/** Why a completion was dropped (upstream `CompletionDropReason`). */
export type CompletionDropReason = StaticDecode<typeof CompletionDropReasonSchema>;
