import { err, ok, type Result, SafeIntegerSchema, U16Schema } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { CAPABILITY_PROTOCOL_VERSION } from '../constants.js';
import { ToolValidationError } from '../errors.js';
import { validateProtocolVersion } from '../protocol-version.js';
import { toolCodec } from '../schema/tool-codec.js';
import { type ToolAuthorityCommand, ToolAuthorityCommandSchema } from './tool-authority-command.js';

/** A versioned, sequenced authority command. */
export const ToolAuthorityEnvelopeSchema = Type.Object({
  protocolVersion: U16Schema,
  sequence: SafeIntegerSchema,
  command: ToolAuthorityCommandSchema,
});

/** A versioned, sequenced authority command (upstream `ToolAuthorityEnvelope`). */
export type ToolAuthorityEnvelope = StaticDecode<typeof ToolAuthorityEnvelopeSchema>;

/** Schema, codec, constructor and validator of {@link ToolAuthorityEnvelope}. */
export const ToolAuthorityEnvelope = {
  schema: ToolAuthorityEnvelopeSchema,
  codec: toolCodec('ToolAuthorityEnvelope', ToolAuthorityEnvelopeSchema),
  /** Wraps `command` at {@link CAPABILITY_PROTOCOL_VERSION} with `sequence`. */
  new: (sequence: number, command: ToolAuthorityCommand): ToolAuthorityEnvelope => ({
    protocolVersion: CAPABILITY_PROTOCOL_VERSION,
    sequence,
    command,
  }),
  /** The protocol version, then sequence 0 → `zero-identifier`; the command is not inspected. */
  validate(envelope: ToolAuthorityEnvelope): Result<void, ToolValidationError> {
    const version = validateProtocolVersion(envelope.protocolVersion);
    if (!version.ok) return version;
    return envelope.sequence === 0
      ? err(ToolValidationError.zeroIdentifier('tool authority sequence'))
      : ok();
  },
};
