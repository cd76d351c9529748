// Every limit of the tool protocol, under its upstream name and formula. Limits on text are UTF-8
// byte counts. "Engine only" limits live here, as upstream, but the tool engine enforces them.

/** gate4agent-tool-protocol: max UTF-8 bytes of a `ToolActorId`. */
export const TOOL_ACTOR_ID_MAX_BYTES = 256;
/** gate4agent-tool-protocol: max UTF-8 bytes of a `ConsumerId`. */
export const TOOL_CONSUMER_ID_MAX_BYTES = 256;
/** gate4agent-tool-protocol: max UTF-8 bytes of a `ToolProviderId`. */
export const TOOL_PROVIDER_ID_MAX_BYTES = 256;
/** gate4agent-tool-protocol: max UTF-8 bytes of a `ToolCapabilityId`. */
export const TOOL_CAPABILITY_ID_MAX_BYTES = 256;
/** gate4agent-tool-protocol: max UTF-8 bytes of a `ResourceScopeId`. */
export const TOOL_RESOURCE_SCOPE_ID_MAX_BYTES = 512;
/** gate4agent-tool-protocol: max UTF-8 bytes of a capability description. */
export const TOOL_CAPABILITY_DESCRIPTION_MAX_BYTES = 2_048;
/**
 * gate4agent-tool-protocol: max bytes of a capability's input schema, encoded as JSON (16 KiB;
 * no upstream counterpart: upstream descriptors carry no schema).
 */
export const TOOL_CAPABILITY_INPUT_SCHEMA_MAX_BYTES = 16 * 1_024;
/**
 * gate4agent-tool-protocol: max nesting depth of a capability's input schema (objects and arrays;
 * the schema itself is depth 1).
 */
export const TOOL_CAPABILITY_INPUT_SCHEMA_MAX_DEPTH = 64;
/** gate4agent-tool-protocol: max UTF-8 bytes of a request's approval summary. */
export const TOOL_APPROVAL_SUMMARY_MAX_BYTES = 1_024;
/** gate4agent-tool-protocol: max bytes of a request payload (64 KiB). */
export const TOOL_PAYLOAD_MAX_BYTES = 64 * 1_024;
/** gate4agent-tool-protocol: max declared result length (16 MiB; a u64 upstream). */
export const TOOL_RESULT_MAX_BYTES = 16 * 1_024 * 1_024;
/** gate4agent-tool-protocol: max bytes of a result delivered inline (256 KiB). */
export const TOOL_INLINE_RESULT_MAX_BYTES = 256 * 1_024;
/** gate4agent-tool-protocol: max UTF-8 bytes of an opaque result reference. */
export const TOOL_RESULT_REFERENCE_MAX_BYTES = 2_048;
/** gate4agent-tool-protocol: max UTF-8 bytes of a result's redacted summary. */
export const TOOL_RESULT_SUMMARY_MAX_BYTES = 4_096;
/** gate4agent-tool-protocol: max UTF-8 bytes of a failure's redacted message. */
export const TOOL_FAILURE_MESSAGE_MAX_BYTES = 4_096;
/** gate4agent-tool-protocol: max UTF-8 bytes of a result media type. */
export const TOOL_MEDIA_TYPE_MAX_BYTES = 256;
/** gate4agent-tool-protocol: max providers (and provider-runtime bindings in a snapshot). */
export const TOOL_PROVIDERS_MAX = 64;
/** gate4agent-tool-protocol: max capabilities one provider descriptor may declare. */
export const TOOL_CAPABILITIES_PER_PROVIDER_MAX = 256;
/** gate4agent-tool-protocol: max grants in the engine's grant table (engine only). */
export const TOOL_POLICIES_MAX = 4_096;
/** gate4agent-tool-protocol: max request records the engine keeps (engine only). */
export const TOOL_REQUESTS_MAX = 512;
/** gate4agent-tool-protocol: max live requests of one (consumer, actor) client (engine only). */
export const TOOL_ACTIVE_REQUESTS_PER_CLIENT_MAX = 32;
/** gate4agent-tool-protocol: max queued effects (engine only). */
export const TOOL_EFFECTS_MAX = TOOL_REQUESTS_MAX * 2;
/** gate4agent-tool-protocol: max queued completions (engine only). */
export const TOOL_COMPLETIONS_MAX = 128;
/** gate4agent-tool-protocol: max retained audit events (engine only). */
export const TOOL_AUDIT_EVENTS_MAX = 4_096;
/** gate4agent-tool-protocol: the version every versioned tool envelope must carry (a u16 upstream). */
export const CAPABILITY_PROTOCOL_VERSION = 2;
