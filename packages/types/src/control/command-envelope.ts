import Type, { type StaticDecode } from 'typebox';
import { CommandId } from '../id/numeric-id.js';
import { createWireCodec } from '../shared/schema.js';
import { ControlCommandSchema } from './control-command.js';

/**
 * TypeBox schema of {@link CommandEnvelope}: `{ id, command }` with no protocol version (the
 * target API of the reference E2E; upstream also carried `protocolVersion`).
 */
export const CommandEnvelopeSchema = Type.Object({
  id: CommandId.schema,
  command: ControlCommandSchema,
});

/** A control command with the caller's id, as dispatched to the control plane. */
export type CommandEnvelope = StaticDecode<typeof CommandEnvelopeSchema>;

/** Compiled decoder of {@link CommandEnvelope}: ids, policy and bytes are checked; bad fields are named. */
export const CommandEnvelopeCodec = createWireCodec('CommandEnvelope', CommandEnvelopeSchema);
