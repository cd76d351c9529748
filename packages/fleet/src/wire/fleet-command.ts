import {
  AgentIdSchema,
  ApprovalLevelSchema,
  createWireCodec,
  Nullable,
  ProviderRuntimePolicySchema,
  SafeIntegerSchema,
  SessionOptionSelectionSchema,
  TerminalControlSchema,
  TerminalSizeSchema,
} from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';

const instance = { instanceId: SafeIntegerSchema };
const command = <K extends string, P extends Record<string, import('typebox').TSchema>>(
  op: K,
  fields: P,
) => Type.Object({ op: Type.Literal(op), ...fields });

/**
 * A command from an owner to a host (request/reply on `g4a.host.<hostId>.cmd.<ownerId>`). The
 * tool-plane values (`grant`, `key`, `input`, `target`) are validated again on the host with the codecs of
 * `@gate4agent/tool-protocol`; they are `Type.Unknown` here so that one place checks them.
 */
export const FleetCommandSchema = Type.Union([
  command('launch', {
    agentId: AgentIdSchema,
    cwd: Nullable(Type.String()),
    terminalSize: Nullable(TerminalSizeSchema),
    approvalLevel: Nullable(ApprovalLevelSchema),
    initialPrompt: Nullable(Type.String()),
    // Absent: the host's defaults (the raw-PTY policy, no session options).
    runtimePolicy: Type.Optional(ProviderRuntimePolicySchema),
    sessionOptions: Type.Optional(SessionOptionSelectionSchema),
  }),
  command('type', { ...instance, text: Type.String() }),
  command('press', { ...instance, key: TerminalControlSchema }),
  command('resize', { ...instance, size: TerminalSizeSchema }),
  command('stop', { ...instance, graceMs: Nullable(SafeIntegerSchema) }),
  command('remove', instance),
  command('bind-tool-client', { actorId: Type.String() }),
  command('grant', { grant: Type.Unknown() }),
  command('revoke', { key: Type.Unknown() }),
  command('tool-request', { consumerId: Type.String(), input: Type.Unknown() }),
  command('tool-cancel', { consumerId: Type.String(), localId: SafeIntegerSchema }),
  command('approve', { target: Type.Unknown() }),
  command('deny', { target: Type.Unknown() }),
  command('pending-approvals', {}),
  // Answered at once and never remembered: a client asks a host whose record went stale whether it
  // is still there before it declares it lost.
  command('ping', {}),
]);

/** A command from an owner to a host. */
export type FleetCommand = StaticDecode<typeof FleetCommandSchema>;

/**
 * A command with the id its sender chose: a command sent again with the same id (its reply was
 * lost while a node died) is answered with the first run's reply, never run twice.
 */
export const FleetCommandEnvelopeSchema = Type.Object({
  commandId: Type.String({ minLength: 1, maxLength: 64 }),
  command: FleetCommandSchema,
});

/** A command with its id. */
export type FleetCommandEnvelope = StaticDecode<typeof FleetCommandEnvelopeSchema>;

/** Compiled codec of {@link FleetCommandEnvelope}. */
export const FleetCommandCodec = createWireCodec(
  'FleetCommandEnvelope',
  FleetCommandEnvelopeSchema,
);

/** The reply to a command: its value, or the error the host met (kind and message). */
export const FleetReplySchema = Type.Union([
  Type.Object({ ok: Type.Literal(true), value: Type.Unknown() }),
  Type.Object({
    ok: Type.Literal(false),
    error: Type.Object({ kind: Type.String(), message: Type.String() }),
  }),
]);

/** The reply to a command. */
export type FleetReply = StaticDecode<typeof FleetReplySchema>;

/** Compiled codec of {@link FleetReply}. */
export const FleetReplyCodec = createWireCodec('FleetReply', FleetReplySchema);
