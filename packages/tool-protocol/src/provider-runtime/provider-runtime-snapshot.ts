import { err, ok, type Result, SafeIntegerSchema } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { TOOL_PROVIDERS_MAX } from '../constants.js';
import { ToolValidationError } from '../errors.js';
import { ProviderBindingId } from '../id/numeric-ids.js';
import { ToolProviderId } from '../id/tool-ids.js';
import { toolCodec } from '../schema/tool-codec.js';

/** One live binding of a provider runtime. */
export const ProviderRuntimeBindingSnapshotSchema = Type.Object({
  bindingId: ProviderBindingId.schema,
  providerId: ToolProviderId.schema,
});

/** One live binding (upstream `ProviderRuntimeBindingSnapshot`). */
export type ProviderRuntimeBindingSnapshot = StaticDecode<
  typeof ProviderRuntimeBindingSnapshotSchema
>;

/** The provider-runtime sequence state and its live bindings. */
export const ProviderRuntimeSnapshotSchema = Type.Object({
  lastSequence: SafeIntegerSchema,
  sequenceExhausted: Type.Boolean(),
  bindings: Type.Array(ProviderRuntimeBindingSnapshotSchema),
});

/** The provider-runtime sequence state and bindings (upstream `ProviderRuntimeSnapshot`). */
export type ProviderRuntimeSnapshot = StaticDecode<typeof ProviderRuntimeSnapshotSchema>;

/** Schema, codec and validator of {@link ProviderRuntimeSnapshot}. */
export const ProviderRuntimeSnapshot = {
  schema: ProviderRuntimeSnapshotSchema,
  codec: toolCodec('ProviderRuntimeSnapshot', ProviderRuntimeSnapshotSchema),
  /** More than 64 bindings → `too-many`; any binding id 0 → `zero-identifier`. No duplicate check. */
  validate(snapshot: ProviderRuntimeSnapshot): Result<void, ToolValidationError> {
    const { bindings } = snapshot;
    if (bindings.length > TOOL_PROVIDERS_MAX) {
      return err(
        ToolValidationError.tooMany(
          'provider runtime bindings',
          TOOL_PROVIDERS_MAX,
          bindings.length,
        ),
      );
    }
    if (bindings.some((binding) => binding.bindingId === 0)) {
      return err(ToolValidationError.zeroIdentifier('provider binding id'));
    }
    return ok();
  },
};
