import { err, ok, type Result, SafeIntegerSchema, U16Schema } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { ToolValidationError } from '../errors.js';
import type { ToolProviderId } from '../id/tool-ids.js';
import { validateProtocolVersion } from '../protocol-version.js';
import { CapabilityObservationEnvelope } from '../result/capability-observation-envelope.js';
import { toolCodec } from '../schema/tool-codec.js';
import { ProviderRuntimeCommandSchema } from './provider-runtime-command.js';

/** A versioned, sequenced provider-runtime command. */
export const ProviderRuntimeEnvelopeSchema = Type.Object({
  protocolVersion: U16Schema,
  sequence: SafeIntegerSchema,
  command: ProviderRuntimeCommandSchema,
});

/** A versioned, sequenced provider-runtime command (upstream `ProviderRuntimeEnvelope`). */
export type ProviderRuntimeEnvelope = StaticDecode<typeof ProviderRuntimeEnvelopeSchema>;

function validateEnvelope(envelope: ProviderRuntimeEnvelope): Result<void, ToolValidationError> {
  const version = validateProtocolVersion(envelope.protocolVersion);
  if (!version.ok) return version;
  if (envelope.sequence === 0)
    return err(ToolValidationError.zeroIdentifier('provider runtime sequence'));
  const { command } = envelope;
  if (command.bindingId === 0)
    return err(ToolValidationError.zeroIdentifier('provider binding id'));
  return command.kind === 'observe'
    ? CapabilityObservationEnvelope.validate(command.observation)
    : ok();
}

/** Schema, codec and validators of {@link ProviderRuntimeEnvelope}. */
export const ProviderRuntimeEnvelope = {
  schema: ProviderRuntimeEnvelopeSchema,
  codec: toolCodec('ProviderRuntimeEnvelope', ProviderRuntimeEnvelopeSchema),
  /**
   * In order: protocol version; sequence 0 → `zero-identifier` ("provider runtime sequence");
   * binding 0 ("provider binding id"); for `observe`, the observation envelope's own validation.
   */
  validate: validateEnvelope,
  /**
   * {@link ProviderRuntimeEnvelope.validate}, then for `observe` only: an observation from a
   * provider other than `expected` → `provider-mismatch`. Attach/detach ids are not compared.
   */
  validateObservationProvider(
    envelope: ProviderRuntimeEnvelope,
    expected: ToolProviderId,
  ): Result<void, ToolValidationError> {
    const checked = validateEnvelope(envelope);
    if (!checked.ok) return checked;
    const { command } = envelope;
    if (command.kind === 'observe' && command.observation.providerId !== expected) {
      return err(
        ToolValidationError.providerMismatch(
          'provider runtime observation provider id',
          expected,
          command.observation.providerId,
        ),
      );
    }
    return ok();
  },
};
