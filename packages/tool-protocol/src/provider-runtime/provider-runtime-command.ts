import Type, { type StaticDecode } from 'typebox';
import { ProviderBindingId } from '../id/numeric-ids.js';
import { ToolProviderId } from '../id/tool-ids.js';
import { CapabilityObservationEnvelopeSchema } from '../result/capability-observation-envelope.js';
import { toolCodec } from '../schema/tool-codec.js';

/** What a provider runtime tells the engine: a binding attached or detached, or an observation. */
export const ProviderRuntimeCommandSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('attach'),
    bindingId: ProviderBindingId.schema,
    providerId: ToolProviderId.schema,
  }),
  Type.Object({
    kind: Type.Literal('detach'),
    bindingId: ProviderBindingId.schema,
    providerId: ToolProviderId.schema,
  }),
  Type.Object({
    kind: Type.Literal('observe'),
    bindingId: ProviderBindingId.schema,
    observation: CapabilityObservationEnvelopeSchema,
  }),
]);

/** What a provider runtime tells the engine (upstream `ProviderRuntimeCommand`). */
export type ProviderRuntimeCommand = StaticDecode<typeof ProviderRuntimeCommandSchema>;

/** Schema, codec and accessor of {@link ProviderRuntimeCommand}. */
export const ProviderRuntimeCommand = {
  schema: ProviderRuntimeCommandSchema,
  codec: toolCodec('ProviderRuntimeCommand', ProviderRuntimeCommandSchema),
  /** The binding every variant names. */
  bindingId: (command: ProviderRuntimeCommand): ProviderBindingId => command.bindingId,
};
