import { err, ok, type Result } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { TOOL_INLINE_RESULT_MAX_BYTES, TOOL_RESULT_REFERENCE_MAX_BYTES } from '../constants.js';
import { ToolValidationError } from '../errors.js';
import { redactedObject } from '../redaction/redact.js';
import { redactedValue } from '../redaction/redacted-schema.js';
import { toolCodec } from '../schema/tool-codec.js';
import { validateRequiredText } from '../text/text-checks.js';
import { CapabilityResultDeliverySchema } from './capability-result-delivery.js';
import {
  CapabilityResultMetadata,
  CapabilityResultMetadataSchema,
} from './capability-result-metadata.js';

/** A provider's result: metadata and delivery; redacted from logs. */
export const CapabilityResultSchema = Type.Object({
  metadata: CapabilityResultMetadataSchema,
  delivery: CapabilityResultDeliverySchema,
});

/** A provider's result (upstream `CapabilityResult`). */
export type CapabilityResult = StaticDecode<typeof CapabilityResultSchema>;

/** Schema, codec, constructor and validator of {@link CapabilityResult}. */
export const CapabilityResult = {
  schema: CapabilityResultSchema,
  codec: toolCodec('CapabilityResult', CapabilityResultSchema, { redacted: true }),
  /** A copy of `fields` redacted from `inspect` and `toJSON`. */
  of: (fields: CapabilityResult): CapabilityResult => {
    const value = redactedObject<CapabilityResult>();
    value.metadata = fields.metadata;
    value.delivery = fields.delivery;
    return redactedValue(CapabilityResultSchema, value);
  },
  /**
   * The metadata first. Inline: more than 256 KiB → `too-large` ("inline tool result"), then
   * `byteLen` must equal the byte count (`result-length-mismatch`). Opaque reference: required
   * text (≤ 2 048 bytes); `byteLen` is then only held to the 16 MiB cap.
   */
  validate(result: CapabilityResult): Result<void, ToolValidationError> {
    const metadata = CapabilityResultMetadata.validate(result.metadata);
    if (!metadata.ok) return metadata;
    const { delivery } = result;
    if (delivery.kind === 'opaque-reference') {
      return validateRequiredText(
        'tool result opaque reference',
        delivery.reference,
        TOOL_RESULT_REFERENCE_MAX_BYTES,
      );
    }
    const actual = delivery.bytes.length;
    if (actual > TOOL_INLINE_RESULT_MAX_BYTES) {
      return err(
        ToolValidationError.tooLarge('inline tool result', TOOL_INLINE_RESULT_MAX_BYTES, actual),
      );
    }
    if (result.metadata.byteLen !== actual) {
      return err(ToolValidationError.resultLengthMismatch(result.metadata.byteLen, actual));
    }
    return ok();
  },
};
