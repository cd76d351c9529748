import Type, { type StaticDecode } from 'typebox';
import {
  AgentInstanceId,
  CommandId,
  OperationId,
  ProviderInteractionId,
  SessionGeneration,
} from '../id/numeric-id.js';
import { PreparedInputKindSchema } from '../input/prepared-input.js';
import { ProviderEventSchema } from '../provider/provider-event.js';
import {
  ProviderInteractionOutcomeSchema,
  ProviderInteractionResponseKindSchema,
  ProviderInteractionSchema,
} from '../provider/provider-interaction.js';
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
import { ObservationIgnoredReasonSchema } from './observation-ignored-reason.js';
import { TerminalSizeSchema } from './terminal-size.js';

const message = Type.String();
const operationId = OperationId.schema;
const interactionId = ProviderInteractionId.schema;
const inputKind = PreparedInputKindSchema;

/**
 * TypeBox schema of {@link ControlEventKind}. Upstream's capability-probe, history and resume
 * events are not ported yet.
 */
export const ControlEventKindSchema = Type.Union([
  Type.Object({ kind: Type.Literal('command-rejected'), message }),
  Type.Object({ kind: Type.Literal('registered') }),
  Type.Object({ kind: Type.Literal('start-requested'), operationId }),
  Type.Object({ kind: Type.Literal('running'), processId: Nullable(U32Schema) }),
  Type.Object({ kind: Type.Literal('stop-requested'), operationId, force: Type.Boolean() }),
  Type.Object({ kind: Type.Literal('input-requested'), operationId, inputKind }),
  Type.Object({ kind: Type.Literal('input-completed'), inputKind }),
  Type.Object({ kind: Type.Literal('input-failed'), inputKind, message }),
  Type.Object({ kind: Type.Literal('resize-requested'), operationId, size: TerminalSizeSchema }),
  Type.Object({ kind: Type.Literal('resized'), size: TerminalSizeSchema }),
  Type.Object({ kind: Type.Literal('resize-failed'), message }),
  Type.Object({ kind: Type.Literal('foreground-refresh-requested'), operationId }),
  Type.Object({ kind: Type.Literal('foreground-observed'), process: ForegroundProcessSchema }),
  Type.Object({ kind: Type.Literal('foreground-failed'), message }),
  Type.Object({ kind: Type.Literal('terminal-stale'), message }),
  Type.Object({
    kind: Type.Literal('provider-event'),
    sequence: SafeIntegerSchema,
    source: ProviderSourceSchema,
    sourceSequence: SafeIntegerSchema,
    event: ProviderEventSchema,
  }),
  Type.Object({
    kind: Type.Literal('provider-gap'),
    sequence: SafeIntegerSchema,
    source: ProviderSourceSchema,
    sourceSequence: SafeIntegerSchema,
    missed: SafeIntegerSchema,
  }),
  Type.Object({
    kind: Type.Literal('interaction-requested'),
    interaction: ProviderInteractionSchema,
  }),
  Type.Object({
    kind: Type.Literal('interaction-resolution-requested'),
    operationId,
    interactionId,
    responseKind: ProviderInteractionResponseKindSchema,
  }),
  Type.Object({ kind: Type.Literal('interaction-resolution-failed'), interactionId, message }),
  Type.Object({
    kind: Type.Literal('interaction-resolved'),
    interactionId,
    outcome: ProviderInteractionOutcomeSchema,
  }),
  Type.Object({
    kind: Type.Literal('exited'),
    exitCode: Nullable(I32Schema),
    forced: Type.Boolean(),
  }),
  Type.Object({ kind: Type.Literal('failed'), message }),
  Type.Object({ kind: Type.Literal('removed') }),
  Type.Object({
    kind: Type.Literal('observation-ignored'),
    reason: ObservationIgnoredReasonSchema,
  }),
]);

/** What happened to a session, in the order the engine decided it. */
export type ControlEventKind = StaticDecode<typeof ControlEventKindSchema>;

/** TypeBox schema of {@link ControlEvent}. */
export const ControlEventSchema = Type.Object({
  protocolVersion: U16Schema,
  sequence: SafeIntegerSchema,
  commandId: Nullable(CommandId.schema),
  instanceId: AgentInstanceId.schema,
  generation: SessionGeneration.schema,
  event: ControlEventKindSchema,
});

/** One control-plane event with its global sequence and the command that caused it, if any. */
export type ControlEvent = StaticDecode<typeof ControlEventSchema>;

/** Compiled decoder of {@link ControlEvent}. */
export const ControlEventCodec = createWireCodec('ControlEvent', ControlEventSchema);
