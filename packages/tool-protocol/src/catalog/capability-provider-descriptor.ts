import { err, ok, type Result } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { TOOL_CAPABILITIES_PER_PROVIDER_MAX } from '../constants.js';
import { ToolValidationError } from '../errors.js';
import { type ToolCapabilityId, ToolProviderId } from '../id/tool-ids.js';
import { toolCodec } from '../schema/tool-codec.js';
import { CapabilityDescriptor, CapabilityDescriptorSchema } from './capability-descriptor.js';
import { CapabilityOwnerSchema } from './capability-owner.js';

/** A provider, its owner and the capabilities it serves. */
export const CapabilityProviderDescriptorSchema = Type.Object({
  id: ToolProviderId.schema,
  owner: CapabilityOwnerSchema,
  capabilities: Type.Array(CapabilityDescriptorSchema),
});

/** A provider, its owner and the capabilities it serves (upstream `CapabilityProviderDescriptor`). */
export type CapabilityProviderDescriptor = StaticDecode<typeof CapabilityProviderDescriptorSchema>;

/** Schema, codec and validators of {@link CapabilityProviderDescriptor}. */
export const CapabilityProviderDescriptor = {
  schema: CapabilityProviderDescriptorSchema,
  codec: toolCodec('CapabilityProviderDescriptor', CapabilityProviderDescriptorSchema),
  /**
   * In order: no capabilities → `required`; more than 256 → `too-many`; two equal ids
   * (case-sensitive) → `duplicate-identifier`; then each capability's admission and description,
   * in list order.
   */
  validate(descriptor: CapabilityProviderDescriptor): Result<void, ToolValidationError> {
    const { capabilities } = descriptor;
    if (capabilities.length === 0)
      return err(ToolValidationError.required('tool provider capabilities'));
    if (capabilities.length > TOOL_CAPABILITIES_PER_PROVIDER_MAX) {
      return err(
        ToolValidationError.tooMany(
          'tool provider capabilities',
          TOOL_CAPABILITIES_PER_PROVIDER_MAX,
          capabilities.length,
        ),
      );
    }
    const ids = new Set(capabilities.map((capability) => capability.id));
    if (ids.size !== capabilities.length) {
      return err(ToolValidationError.duplicateIdentifier('tool capability id'));
    }
    for (const capability of capabilities) {
      const checked = CapabilityDescriptor.validate(capability);
      if (!checked.ok) return checked;
    }
    return ok();
  },
  /** Whether some capability's id equals `capabilityId` exactly. */
  hasCapability: (
    descriptor: CapabilityProviderDescriptor,
    capabilityId: ToolCapabilityId,
  ): boolean => descriptor.capabilities.some((capability) => capability.id === capabilityId),
};
