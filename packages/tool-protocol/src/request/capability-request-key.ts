import Type, { type StaticDecode } from 'typebox';
import { compareIds } from '../id/bounded-id.js';
import { CapabilityRequestId } from '../id/numeric-ids.js';
import { ConsumerId, ToolActorId } from '../id/tool-ids.js';
import { compareNumbers } from '../policy/compare-numbers.js';
import { toolCodec } from '../schema/tool-codec.js';

/** The global identity of a request: the client's local id scoped by consumer and actor. */
export const CapabilityRequestKeySchema = Type.Object({
  consumerId: ConsumerId.schema,
  actorId: ToolActorId.schema,
  localId: CapabilityRequestId.schema,
});

/** The global identity of a request (upstream `CapabilityRequestKey`). */
export type CapabilityRequestKey = StaticDecode<typeof CapabilityRequestKeySchema>;

/** Rust's derived `Ord` on `CapabilityRequestKey`: consumer, actor, then local id. */
export function compareCapabilityRequestKey(
  left: CapabilityRequestKey,
  right: CapabilityRequestKey,
): number {
  return (
    compareIds(left.consumerId, right.consumerId) ||
    compareIds(left.actorId, right.actorId) ||
    compareNumbers(left.localId, right.localId)
  );
}

/** Schema, codec, order and map key of {@link CapabilityRequestKey}. */
export const CapabilityRequestKey = {
  schema: CapabilityRequestKeySchema,
  codec: toolCodec('CapabilityRequestKey', CapabilityRequestKeySchema),
  compare: compareCapabilityRequestKey,
  /** A string equal for equal keys and distinct otherwise, for `Map` keys (not for ordering). */
  mapKey: (key: CapabilityRequestKey): string =>
    JSON.stringify([key.consumerId, key.actorId, key.localId]),
};
