import { Nullable, type Result } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { TOOL_FAILURE_MESSAGE_MAX_BYTES } from '../constants.js';
import type { ToolValidationError } from '../errors.js';
import { toolCodec } from '../schema/tool-codec.js';
import { validateOptionalText } from '../text/text-checks.js';

/** The class of a provider failure. */
export const ToolFailureKindSchema = Type.Union([
  Type.Literal('rejected'),
  Type.Literal('unavailable'),
  Type.Literal('invalid-input'),
  Type.Literal('execution'),
  Type.Literal('cancelled'),
  Type.Literal('provider-contract-violation'),
]);

/** The class of a provider failure (upstream `ToolFailureKind`). */
export type ToolFailureKind = StaticDecode<typeof ToolFailureKindSchema>;

/** A provider failure; `kind` is an ordinary field here, not a union tag. */
export const ToolFailureSchema = Type.Object({
  kind: ToolFailureKindSchema,
  redactedMessage: Nullable(Type.String()),
});

/** A provider failure (upstream `ToolFailure`). */
export type ToolFailure = StaticDecode<typeof ToolFailureSchema>;

/** Schema, codec, validator and the contract-violation value of {@link ToolFailure}. */
export const ToolFailure = {
  schema: ToolFailureSchema,
  codec: toolCodec('ToolFailure', ToolFailureSchema),
  /** The redacted message as optional text (≤ 4 096 bytes, no Cc); the kind is not checked. */
  validate: (failure: ToolFailure): Result<void, ToolValidationError> =>
    validateOptionalText(
      'tool failure redacted message',
      failure.redactedMessage,
      TOOL_FAILURE_MESSAGE_MAX_BYTES,
    ),
  /** What replaces a provider's output that breaks the contract. */
  providerContractViolation: (): ToolFailure => ({
    kind: 'provider-contract-violation',
    redactedMessage: null,
  }),
};
