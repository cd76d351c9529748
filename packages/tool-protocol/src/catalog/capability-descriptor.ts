import { ok, type Result } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { TOOL_CAPABILITY_DESCRIPTION_MAX_BYTES } from '../constants.js';
import type { ToolValidationError } from '../errors.js';
import { ToolCapabilityId } from '../id/tool-ids.js';
import { toolCodec } from '../schema/tool-codec.js';
import { validateRequiredText } from '../text/text-checks.js';
import { validateCapabilityAdmission } from './capability-admission.js';
import { type CapabilityClass, CapabilityClassSchema } from './capability-class.js';

/**
 * One capability a provider serves. Decoding checks only the shape and the id; admission and the
 * description are checked by {@link CapabilityDescriptor.new} and by the provider's `validate`.
 */
export const CapabilityDescriptorSchema = Type.Object({
  id: ToolCapabilityId.schema,
  class: CapabilityClassSchema,
  description: Type.String(),
});

/** One capability a provider serves (upstream `CapabilityDescriptor`). */
export type CapabilityDescriptor = StaticDecode<typeof CapabilityDescriptorSchema>;

/** Admission, then the description as required text (≤ 2 048 bytes, no Cc). */
function validateDescriptor(descriptor: CapabilityDescriptor): Result<void, ToolValidationError> {
  const admitted = validateCapabilityAdmission(descriptor.id, descriptor.class);
  if (!admitted.ok) return admitted;
  return validateRequiredText(
    'tool capability description',
    descriptor.description,
    TOOL_CAPABILITY_DESCRIPTION_MAX_BYTES,
  );
}

/** Schema, codec, constructor and validators of {@link CapabilityDescriptor}. */
export const CapabilityDescriptor = {
  schema: CapabilityDescriptorSchema,
  codec: toolCodec('CapabilityDescriptor', CapabilityDescriptorSchema),
  /**
   * Builds a descriptor after admission (first) and the description check, so an id outside its
   * class reports `capability-outside-admission` even when the description is also empty.
   */
  new(
    id: ToolCapabilityId,
    capabilityClass: CapabilityClass,
    description: string,
  ): Result<CapabilityDescriptor, ToolValidationError> {
    const descriptor: CapabilityDescriptor = { id, class: capabilityClass, description };
    const checked = validateDescriptor(descriptor);
    return checked.ok ? ok(descriptor) : checked;
  },
  /** The capability-namespace admission rule (see `validateCapabilityAdmission`). */
  validateAdmission: (descriptor: CapabilityDescriptor): Result<void, ToolValidationError> =>
    validateCapabilityAdmission(descriptor.id, descriptor.class),
  /** Admission, then the description as required text. */
  validate: validateDescriptor,
};
