import { AgentInstanceId, SessionGeneration } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';
import { compareIds } from '../id/bounded-id.js';
import {
  ConsumerId,
  ResourceScopeId,
  ToolActorId,
  ToolCapabilityId,
  ToolProviderId,
} from '../id/tool-ids.js';
import { toolCodec } from '../schema/tool-codec.js';
import { compareNumbers } from './compare-numbers.js';

/**
 * The exact target of a grant: all seven coordinates, no wildcards, one session generation.
 * Ordered field by field in this order ({@link comparePolicyKey}).
 */
export const PolicyKeySchema = Type.Object({
  consumerId: ConsumerId.schema,
  actorId: ToolActorId.schema,
  instanceId: AgentInstanceId.schema,
  generation: SessionGeneration.schema,
  providerId: ToolProviderId.schema,
  capabilityId: ToolCapabilityId.schema,
  resourceScopeId: ResourceScopeId.schema,
});

/** The exact target of a grant (upstream `PolicyKey`). */
export type PolicyKey = StaticDecode<typeof PolicyKeySchema>;

/**
 * Rust's derived `Ord` on `PolicyKey`: consumer, actor, instance, generation, provider,
 * capability, resource scope; strings in byte order, numbers numerically. Sort grant tables by
 * it wherever upstream iterates a `BTreeMap`.
 */
export function comparePolicyKey(left: PolicyKey, right: PolicyKey): number {
  return (
    compareIds(left.consumerId, right.consumerId) ||
    compareIds(left.actorId, right.actorId) ||
    compareNumbers(left.instanceId, right.instanceId) ||
    compareNumbers(left.generation, right.generation) ||
    compareIds(left.providerId, right.providerId) ||
    compareIds(left.capabilityId, right.capabilityId) ||
    compareIds(left.resourceScopeId, right.resourceScopeId)
  );
}

/** Schema, codec, order and map key of {@link PolicyKey}. */
export const PolicyKey = {
  schema: PolicyKeySchema,
  codec: toolCodec('PolicyKey', PolicyKeySchema),
  compare: comparePolicyKey,
  /** A string equal for equal keys and distinct otherwise, for `Map` keys (not for ordering). */
  mapKey: (key: PolicyKey): string =>
    JSON.stringify([
      key.consumerId,
      key.actorId,
      key.instanceId,
      key.generation,
      key.providerId,
      key.capabilityId,
      key.resourceScopeId,
    ]),
};
