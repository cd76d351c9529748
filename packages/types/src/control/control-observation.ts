import Type, { type StaticDecode } from 'typebox';
import { OperatorGateSchema } from '../agent/operator-gate.js';
import {
  AgentInstanceId,
  OperationId,
  ProviderInteractionId,
  SessionGeneration,
} from '../id/numeric-id.js';
import { ProviderEventSchema } from '../provider/provider-event.js';
import { ProviderSourceSchema } from '../provider/provider-source.js';
import {
  createWireCodec,
  I32Schema,
  Nullable,
  SafeIntegerSchema,
  U16Schema,
  U32Schema,
} from '../shared/schema.js';
import { ForegroundProcessSchema } from './foreground.js';
import { TerminalFrameSchema } from './terminal-frame.js';
import { TerminalSizeSchema } from './terminal-size.js';

const message = Type.String();

/**
 * TypeBox schema of {@link ControlObservation}. Upstream's capability-probe, history and resume
 * observations are not ported yet.
 */
export const ControlObservationSchema = Type.Union([
  Type.Object({ kind: Type.Literal('spawned'), processId: Nullable(U32Schema) }),
  Type.Object({ kind: Type.Literal('spawn-failed'), message }),
  Type.Object({
    kind: Type.Literal('process-exited'),
    exitCode: Nullable(I32Schema),
    finalTerminal: Nullable(TerminalFrameSchema),
  }),
  Type.Object({
    kind: Type.Literal('stop-completed'),
    forced: Type.Boolean(),
    exitCode: Nullable(I32Schema),
    finalTerminal: Nullable(TerminalFrameSchema),
  }),
  Type.Object({ kind: Type.Literal('stop-failed'), message }),
  Type.Object({ kind: Type.Literal('input-completed') }),
  Type.Object({ kind: Type.Literal('input-failed'), message }),
  Type.Object({ kind: Type.Literal('resize-completed'), size: TerminalSizeSchema }),
  Type.Object({ kind: Type.Literal('resize-failed'), message }),
  Type.Object({ kind: Type.Literal('foreground-observed'), process: ForegroundProcessSchema }),
  Type.Object({ kind: Type.Literal('foreground-failed'), message }),
  Type.Object({
    kind: Type.Literal('interaction-resolution-completed'),
    interactionId: ProviderInteractionId.schema,
  }),
  Type.Object({
    kind: Type.Literal('interaction-resolution-failed'),
    interactionId: ProviderInteractionId.schema,
    message,
  }),
  Type.Object({
    kind: Type.Literal('terminal-frame'),
    frame: TerminalFrameSchema,
    // Absent (an executor that does not recognise gates) counts as `null`.
    operatorGate: Type.Optional(Type.Union([OperatorGateSchema, Type.Null()])),
  }),
  Type.Object({ kind: Type.Literal('terminal-stale'), message }),
  Type.Object({
    kind: Type.Literal('provider-event'),
    source: ProviderSourceSchema,
    sequence: SafeIntegerSchema,
    event: ProviderEventSchema,
  }),
  Type.Object({
    kind: Type.Literal('provider-gap'),
    source: ProviderSourceSchema,
    sourceSequence: SafeIntegerSchema,
    missed: SafeIntegerSchema,
  }),
]);

/** What an executor reports back about an effect or the session (exit, frames, provider events). */
export type ControlObservation = StaticDecode<typeof ControlObservationSchema>;

const UNSOLICITED: ReadonlySet<ControlObservation['kind']> = new Set([
  'process-exited',
  'terminal-frame',
  'terminal-stale',
  'provider-event',
  'provider-gap',
]);

/**
 * Whether `observation` answers an operation and so must carry its operation id: false only for
 * `process-exited`, `terminal-frame`, `terminal-stale`, `provider-event` and `provider-gap`.
 */
export function observationRequiresOperationId(observation: ControlObservation): boolean {
  return !UNSOLICITED.has(observation.kind);
}

/** TypeBox schema of {@link ObservationEnvelope}. */
export const ObservationEnvelopeSchema = Type.Object({
  protocolVersion: U16Schema,
  operationId: Nullable(OperationId.schema),
  instanceId: AgentInstanceId.schema,
  generation: SessionGeneration.schema,
  observation: ControlObservationSchema,
});

/** An observation stamped with the protocol version, its operation (if any), instance and generation. */
export type ObservationEnvelope = StaticDecode<typeof ObservationEnvelopeSchema>;

/** Compiled decoder of {@link ObservationEnvelope}, for observations an executor hands in. */
export const ObservationEnvelopeCodec = createWireCodec(
  'ObservationEnvelope',
  ObservationEnvelopeSchema,
);

/** Compiled decoder of {@link ControlObservation}. */
export const ControlObservationCodec = createWireCodec(
  'ControlObservation',
  ControlObservationSchema,
);
