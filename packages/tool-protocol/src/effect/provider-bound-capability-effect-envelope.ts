import { err, ok, type Result } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { ToolValidationError } from '../errors.js';
import { ProviderBindingId } from '../id/numeric-ids.js';
import { validateProtocolVersion } from '../protocol-version.js';
import { toolCodec } from '../schema/tool-codec.js';
import { CapabilityEffectEnvelopeSchema } from './capability-effect-envelope.js';

/** An effect envelope addressed to one provider binding. */
export const ProviderBoundCapabilityEffectEnvelopeSchema = Type.Object({
  bindingId: ProviderBindingId.schema,
  effect: CapabilityEffectEnvelopeSchema,
});

/** An effect envelope addressed to one binding (upstream `ProviderBoundCapabilityEffectEnvelope`). */
export type ProviderBoundCapabilityEffectEnvelope = StaticDecode<
  typeof ProviderBoundCapabilityEffectEnvelopeSchema
>;

/** Schema, codec and validator of {@link ProviderBoundCapabilityEffectEnvelope}. */
export const ProviderBoundCapabilityEffectEnvelope = {
  schema: ProviderBoundCapabilityEffectEnvelopeSchema,
  codec: toolCodec(
    'ProviderBoundCapabilityEffectEnvelope',
    ProviderBoundCapabilityEffectEnvelopeSchema,
  ),
  /**
   * In order: binding 0 → `zero-identifier` ("provider binding id"); the effect's protocol
   * version; effect sequence 0 ("tool effect sequence"); operation id 0 ("tool operation id").
   * The payload is not checked.
   */
  validate(bound: ProviderBoundCapabilityEffectEnvelope): Result<void, ToolValidationError> {
    if (bound.bindingId === 0)
      return err(ToolValidationError.zeroIdentifier('provider binding id'));
    const version = validateProtocolVersion(bound.effect.protocolVersion);
    if (!version.ok) return version;
    if (bound.effect.sequence === 0)
      return err(ToolValidationError.zeroIdentifier('tool effect sequence'));
    if (bound.effect.operationId === 0)
      return err(ToolValidationError.zeroIdentifier('tool operation id'));
    return ok();
  },
};
