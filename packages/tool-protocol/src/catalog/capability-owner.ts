import Type, { type StaticDecode } from 'typebox';
import { ConsumerId } from '../id/tool-ids.js';
import { toolCodec } from '../schema/tool-codec.js';

/**
 * Who owns a provider, an admission boundary: a `consumer`-owned provider serves only requests of
 * that exact consumer; a `gate`-owned one may be shared, but only through an exact grant.
 */
export const CapabilityOwnerSchema = Type.Union([
  Type.Object({ kind: Type.Literal('gate') }),
  Type.Object({ kind: Type.Literal('consumer'), consumerId: ConsumerId.schema }),
]);

/** Who owns a provider (upstream `CapabilityOwner`). */
export type CapabilityOwner = StaticDecode<typeof CapabilityOwnerSchema>;

/** Schema, codec and constructors of {@link CapabilityOwner}. */
export const CapabilityOwner = {
  schema: CapabilityOwnerSchema,
  codec: toolCodec('CapabilityOwner', CapabilityOwnerSchema),
  /** The gate itself owns the provider. */
  gate: (): CapabilityOwner => ({ kind: 'gate' }),
  /** `consumerId` owns the provider. */
  consumer: (consumerId: ConsumerId): CapabilityOwner => ({ kind: 'consumer', consumerId }),
};
