import Type, { type StaticDecode } from 'typebox';

/**
 * What became of the cancellation of a request that ended early. Once a cancel effect is queued
 * the cancellation stays unconfirmed; only `queued-invoke-removed` proves the invocation never
 * left the engine.
 */
export const CancellationDispositionSchema = Type.Union([
  Type.Literal('not-required'),
  Type.Literal('queued-invoke-removed'),
  Type.Literal('cancel-queued-unconfirmed'),
  Type.Literal('provider-detached-unconfirmed'),
  Type.Literal('dropped-queue-full'),
  Type.Literal('dropped-sequence-exhausted'),
]);

/** What became of a cancellation (upstream `CancellationDisposition`). */
export type CancellationDisposition = StaticDecode<typeof CancellationDispositionSchema>;
