import { err, Nullable, type Result, SafeIntegerSchema } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import {
  TOOL_MEDIA_TYPE_MAX_BYTES,
  TOOL_RESULT_MAX_BYTES,
  TOOL_RESULT_SUMMARY_MAX_BYTES,
} from '../constants.js';
import { ToolValidationError } from '../errors.js';
import { toolCodec } from '../schema/tool-codec.js';
import { validateOptionalText } from '../text/text-checks.js';

/** What may be known about a result without its bytes; snapshots keep only this. */
export const CapabilityResultMetadataSchema = Type.Object({
  byteLen: SafeIntegerSchema,
  mediaType: Nullable(Type.String()),
  truncated: Type.Boolean(),
  redactedSummary: Nullable(Type.String()),
});

/** What may be known about a result without its bytes (upstream `CapabilityResultMetadata`). */
export type CapabilityResultMetadata = StaticDecode<typeof CapabilityResultMetadataSchema>;

/** Schema, codec and validator of {@link CapabilityResultMetadata}. */
export const CapabilityResultMetadata = {
  schema: CapabilityResultMetadataSchema,
  codec: toolCodec('CapabilityResultMetadata', CapabilityResultMetadataSchema),
  /**
   * In order: `byteLen` over 16 MiB → `result-too-large`; media type as optional text (≤ 256
   * bytes; no MIME syntax check); redacted summary as optional text (≤ 4 096 bytes, no Cc).
   */
  validate(metadata: CapabilityResultMetadata): Result<void, ToolValidationError> {
    if (metadata.byteLen > TOOL_RESULT_MAX_BYTES) {
      return err(ToolValidationError.resultTooLarge(TOOL_RESULT_MAX_BYTES, metadata.byteLen));
    }
    const mediaType = validateOptionalText(
      'tool result media type',
      metadata.mediaType,
      TOOL_MEDIA_TYPE_MAX_BYTES,
    );
    if (!mediaType.ok) return mediaType;
    return validateOptionalText(
      'tool result redacted summary',
      metadata.redactedSummary,
      TOOL_RESULT_SUMMARY_MAX_BYTES,
    );
  },
};
