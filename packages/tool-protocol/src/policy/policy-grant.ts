import Type, { type StaticDecode } from 'typebox';
import { toolCodec } from '../schema/tool-codec.js';
import { GrantModeSchema } from './grant-mode.js';
import { PolicyKeySchema } from './policy-key.js';

/** A grant: an exact {@link PolicyKey} and its mode. */
export const PolicyGrantSchema = Type.Object({ key: PolicyKeySchema, mode: GrantModeSchema });

/** A grant: an exact policy key and its mode (upstream `PolicyGrant`). */
export type PolicyGrant = StaticDecode<typeof PolicyGrantSchema>;

/** Schema and codec of {@link PolicyGrant}. */
export const PolicyGrant = {
  schema: PolicyGrantSchema,
  codec: toolCodec('PolicyGrant', PolicyGrantSchema),
};
