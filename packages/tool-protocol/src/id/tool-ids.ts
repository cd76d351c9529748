// The five bounded string ids of the tool plane.
import type { BrandedString } from '@gate4agent/types';
import {
  TOOL_ACTOR_ID_MAX_BYTES,
  TOOL_CAPABILITY_ID_MAX_BYTES,
  TOOL_CONSUMER_ID_MAX_BYTES,
  TOOL_PROVIDER_ID_MAX_BYTES,
  TOOL_RESOURCE_SCOPE_ID_MAX_BYTES,
} from '../constants.js';
import { boundedId } from './bounded-id.js';

/** The agent (actor) on whose behalf a client asks for a capability. */
export type ToolActorId = BrandedString<'ToolActorId'>;
/** Factory and schema of {@link ToolActorId} (errors name it `"tool actor id"`). */
export const ToolActorId = boundedId<ToolActorId>(
  'ToolActorId',
  'tool actor id',
  TOOL_ACTOR_ID_MAX_BYTES,
);

/** The client application (consumer) that submits requests; the handle mints it per client. */
export type ConsumerId = BrandedString<'ConsumerId'>;
/** Factory and schema of {@link ConsumerId} (errors name it `"tool consumer id"`). */
export const ConsumerId = boundedId<ConsumerId>(
  'ConsumerId',
  'tool consumer id',
  TOOL_CONSUMER_ID_MAX_BYTES,
);

/** The resource a grant and a request are scoped to, for example `page.active`. */
export type ResourceScopeId = BrandedString<'ResourceScopeId'>;
/** Factory and schema of {@link ResourceScopeId} (errors name it `"tool resource scope id"`). */
export const ResourceScopeId = boundedId<ResourceScopeId>(
  'ResourceScopeId',
  'tool resource scope id',
  TOOL_RESOURCE_SCOPE_ID_MAX_BYTES,
);

/** A capability provider, for example `gate.browser`. */
export type ToolProviderId = BrandedString<'ToolProviderId'>;
/** Factory and schema of {@link ToolProviderId} (errors name it `"tool provider id"`). */
export const ToolProviderId = boundedId<ToolProviderId>(
  'ToolProviderId',
  'tool provider id',
  TOOL_PROVIDER_ID_MAX_BYTES,
);

/** A capability a provider serves, for example `browser.snapshot`. */
export type ToolCapabilityId = BrandedString<'ToolCapabilityId'>;
/** Factory and schema of {@link ToolCapabilityId} (errors name it `"tool capability id"`). */
export const ToolCapabilityId = boundedId<ToolCapabilityId>(
  'ToolCapabilityId',
  'tool capability id',
  TOOL_CAPABILITY_ID_MAX_BYTES,
);
