// The engine's own bounds. The tool-plane limits it enforces (TOOL_REQUESTS_MAX, TOOL_POLICIES_MAX,
// TOOL_EFFECTS_MAX, …) live in @gate4agent/tool-protocol, as upstream, and are imported from there.

/**
 * gate4agent-tool-engine: the value at which a sequence, counter or id is exhausted. Upstream
 * this is `u64::MAX`; here `Number.MAX_SAFE_INTEGER` (ARCHITECTURE decision 3), with the same
 * semantics: the value itself is issued once, then the counter stops.
 */
export const COUNTER_MAX = Number.MAX_SAFE_INTEGER;

/** gate4agent-tool-engine: the counter named by `counter-exhausted` for accepted sequences. */
export const TOOL_REQUEST_SEQUENCE_COUNTER = 'tool request sequence';

/** gate4agent-tool-engine: the counter named by `counter-exhausted` for operation ids. */
export const TOOL_OPERATION_ID_COUNTER = 'tool operation id';
