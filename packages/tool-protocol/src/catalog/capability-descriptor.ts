import { ok, type Result } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { TOOL_CAPABILITY_DESCRIPTION_MAX_BYTES } from '../constants.js';
import type { ToolValidationError } from '../errors.js';
import { ToolCapabilityId } from '../id/tool-ids.js';
import { toolCodec } from '../schema/tool-codec.js';
import { validateRequiredText } from '../text/text-checks.js';
import { validateCapabilityAdmission } from './capability-admission.js';
import { type CapabilityClass, CapabilityClassSchema } from './capability-class.js';
import {
  type CapabilityInputSchema,
  CapabilityInputSchemaSchema,
  validateCapabilityInputSchema,
} from './capability-input-schema.js';

/**
 * One capability a provider serves. Decoding checks only the shape and the id; admission, the
 * description and the input schema are checked by {@link CapabilityDescriptor.new} and by the
 * provider's `validate`. `inputSchema` (not upstream) is the JSON Schema of the capability's
 * arguments; absent, the capability takes any JSON object.
 */
export const CapabilityDescriptorSchema = Type.Object({
  id: ToolCapabilityId.schema,
  class: CapabilityClassSchema,
  description: Type.String(),
  inputSchema: Type.Optional(CapabilityInputSchemaSchema),
});

/** One capability a provider serves (upstream `CapabilityDescriptor`). */
export type CapabilityDescriptor = StaticDecode<typeof CapabilityDescriptorSchema>;

/** Options of {@link CapabilityDescriptor.new}. */
export interface CapabilityDescriptorOptions {
  /** The JSON Schema of the capability's arguments; leave it out to accept any JSON object. */
  readonly inputSchema?: CapabilityInputSchema;
}

/**
 * Admission, then the description as required text (≤ 2 048 bytes, no Cc), then the input schema
 * when there is one (see `validateCapabilityInputSchema`).
 */
function validateDescriptor(descriptor: CapabilityDescriptor): Result<void, ToolValidationError> {
  const admitted = validateCapabilityAdmission(descriptor.id, descriptor.class);
  if (!admitted.ok) return admitted;
  const described = validateRequiredText(
    'tool capability description',
    descriptor.description,
    TOOL_CAPABILITY_DESCRIPTION_MAX_BYTES,
  );
  if (!described.ok || descriptor.inputSchema === undefined) return described;
  return validateCapabilityInputSchema(descriptor.id, descriptor.inputSchema);
}

/** Schema, codec, constructor and validators of {@link CapabilityDescriptor}. */
export const CapabilityDescriptor = {
  schema: CapabilityDescriptorSchema,
  codec: toolCodec('CapabilityDescriptor', CapabilityDescriptorSchema),
  /**
   * Builds a descriptor after admission (first), the description check and, with
   * `options.inputSchema`, the schema check, so an id outside its class reports
   * `capability-outside-admission` even when the description is also empty. Without an input
   * schema the descriptor has no `inputSchema` key.
   */
  new(
    id: ToolCapabilityId,
    capabilityClass: CapabilityClass,
    description: string,
    options: CapabilityDescriptorOptions = {},
  ): Result<CapabilityDescriptor, ToolValidationError> {
    const descriptor: CapabilityDescriptor =
      options.inputSchema === undefined
        ? { id, class: capabilityClass, description }
        : { id, class: capabilityClass, description, inputSchema: options.inputSchema };
    const checked = validateDescriptor(descriptor);
    return checked.ok ? ok(descriptor) : checked;
  },
  /** The capability-namespace admission rule (see `validateCapabilityAdmission`). */
  validateAdmission: (descriptor: CapabilityDescriptor): Result<void, ToolValidationError> =>
    validateCapabilityAdmission(descriptor.id, descriptor.class),
  /**
   * The input schema rule alone (a descriptor without one passes): a plain JSON object, top-level
   * `type` `"object"` when given (`invalid-input-schema`), at most
   * `TOOL_CAPABILITY_INPUT_SCHEMA_MAX_BYTES` as JSON (`too-large`).
   */
  validateInputSchema: (descriptor: CapabilityDescriptor): Result<void, ToolValidationError> =>
    descriptor.inputSchema === undefined
      ? ok()
      : validateCapabilityInputSchema(descriptor.id, descriptor.inputSchema),
  /** Admission, then the description as required text, then the input schema when present. */
  validate: validateDescriptor,
};
