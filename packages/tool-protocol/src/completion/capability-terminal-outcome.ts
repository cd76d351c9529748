import { SessionGeneration } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { PolicyDenialSchema } from '../policy/policy-denial.js';
import { redactedObject } from '../redaction/redact.js';
import { redactedValue } from '../redaction/redacted-schema.js';
import { CapabilityResultSchema } from '../result/capability-result.js';
import { ToolFailureSchema } from '../result/tool-failure.js';
import { toolCodec } from '../schema/tool-codec.js';
import { CancellationDispositionSchema } from './cancellation-disposition.js';

const cancelled = <K extends string>(kind: K) =>
  Type.Object({ kind: Type.Literal(kind), cancellation: CancellationDispositionSchema });

/** How a request ended; every request ends with exactly one. Redacted from logs. */
export const CapabilityTerminalOutcomeSchema = Type.Union([
  Type.Object({ kind: Type.Literal('succeeded'), result: CapabilityResultSchema }),
  Type.Object({ kind: Type.Literal('failed'), failure: ToolFailureSchema }),
  Type.Object({ kind: Type.Literal('policy-denied'), reason: PolicyDenialSchema }),
  Type.Object({ kind: Type.Literal('approval-denied') }),
  cancelled('grant-revoked'),
  cancelled('timed-out'),
  Type.Object({
    kind: Type.Literal('superseded'),
    currentGeneration: SessionGeneration.schema,
    cancellation: CancellationDispositionSchema,
  }),
  cancelled('instance-closed'),
  cancelled('client-closed'),
  /** The client cancelled this one request (`ToolClientHandle.cancel`, an aborted `AbortSignal`). */
  cancelled('client-cancelled'),
  cancelled('provider-detached'),
]);

/** How a request ended (upstream `CapabilityTerminalOutcome`). */
export type CapabilityTerminalOutcome = StaticDecode<typeof CapabilityTerminalOutcomeSchema>;

/** Schema, codec and constructor of {@link CapabilityTerminalOutcome}. */
export const CapabilityTerminalOutcome = {
  schema: CapabilityTerminalOutcomeSchema,
  codec: toolCodec('CapabilityTerminalOutcome', CapabilityTerminalOutcomeSchema, {
    redacted: true,
  }),
  /** A copy of `outcome` redacted from `inspect` and `toJSON`. */
  of: (outcome: CapabilityTerminalOutcome): CapabilityTerminalOutcome => {
    if (outcome.kind === 'succeeded') {
      // The outcome of nearly every request: its fields written out, the fastest copy.
      const succeeded = redactedObject<Extract<CapabilityTerminalOutcome, { kind: 'succeeded' }>>();
      succeeded.kind = 'succeeded';
      succeeded.result = outcome.result;
      return redactedValue(CapabilityTerminalOutcomeSchema, succeeded);
    }
    return redactedValue(
      CapabilityTerminalOutcomeSchema,
      Object.assign(redactedObject<CapabilityTerminalOutcome>(), outcome),
    );
  },
};
