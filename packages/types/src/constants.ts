// Every limit of the types crate, under its upstream name and with its upstream formula.
// Source: crate gate4agent-types (control.rs, adapter.rs, id.rs, input.rs, capability.rs,
// history.rs, resume.rs, session_options.rs). Byte limits are UTF-8 byte counts.

/** gate4agent-types: the control protocol version stamped on effects, observations, events and snapshots. */
export const CONTROL_PROTOCOL_VERSION = 28;
/** gate4agent-types: live (registered, not removed) sessions the control engine holds. */
export const CONTROL_SESSIONS_MAX = 512;
/** gate4agent-types: reported as `ControlHealth.retainedInstanceIdentityCapacity` (u32). */
export const CONTROL_INSTANCE_IDENTITIES_CAPACITY = 4_096;
/** gate4agent-types: distinct instance ids that ever held a generation. */
export const CONTROL_INSTANCE_IDENTITIES_MAX = CONTROL_INSTANCE_IDENTITIES_CAPACITY;
/** gate4agent-types: the largest valid `TerminalSize.rows` (u16). */
export const TERMINAL_ROWS_MAX = 1_000;
/** gate4agent-types: the largest valid `TerminalSize.columns` (u16). */
export const TERMINAL_COLUMNS_MAX = 1_000;
/** gate4agent-types: bytes of `StartRequest.workingDirectory`. */
export const WORKING_DIRECTORY_MAX_BYTES = 32_768;
/** gate4agent-types: provider events per `ingest-provider` command. */
export const PROVIDER_INGRESS_EVENTS_MAX = 32;
/** gate4agent-types: bytes of a multi-line provider event text field. */
export const PROVIDER_EVENT_TEXT_MAX_BYTES = 262_144;
/** gate4agent-types: bytes of a single-line provider event id field. */
export const PROVIDER_EVENT_ID_MAX_BYTES = 512;
/** gate4agent-types: tools listed by one `session-started` provider event. */
export const PROVIDER_EVENT_TOOLS_MAX = 256;
/** gate4agent-types: provider interactions tracked per session. */
export const PROVIDER_INTERACTIONS_MAX = 64;
/** gate4agent-types: bytes of an interaction answer. */
export const PROVIDER_INTERACTION_RESPONSE_MAX_BYTES = 32_768;
/** gate4agent-types: bytes of an interaction failure message. */
export const PROVIDER_INTERACTION_FAILURE_MAX_BYTES = 4_096;
/** gate4agent-types: provider subagents tracked per session. */
export const PROVIDER_SUBAGENTS_MAX = 64;
/** gate4agent-types: bytes of `ProviderSessionIdentity.transcriptPath`. */
export const PROVIDER_SESSION_LOCATOR_MAX_BYTES = 32_768;
/** gate4agent-types: bytes of `ForegroundProcess.processName`. */
export const FOREGROUND_PROCESS_NAME_MAX_BYTES = 512;

/** gate4agent-types (capability.rs): models one capability probe may report. */
export const CAPABILITY_MODELS_MAX = 512;
/** gate4agent-types (capability.rs): bytes of a probed model id. */
export const CAPABILITY_MODEL_ID_MAX_BYTES = 512;
/** gate4agent-types (capability.rs): bytes of a probed model label. */
export const CAPABILITY_MODEL_LABEL_MAX_BYTES = 1_024;

/** gate4agent-types (history.rs): the largest history discovery limit (u16). */
export const HISTORY_DISCOVERY_LIMIT_MAX = 256;
/** gate4agent-types (history.rs): bytes of a history candidate id. */
export const HISTORY_CANDIDATE_ID_MAX_BYTES = 1_024;
/** gate4agent-types (history.rs): bytes of a history session id. */
export const HISTORY_SESSION_ID_MAX_BYTES = 512;
/** gate4agent-types (history.rs): bytes of a history title. */
export const HISTORY_TITLE_MAX_BYTES = 512;
/** gate4agent-types (history.rs): bytes of a history model name. */
export const HISTORY_MODEL_MAX_BYTES = 512;
/** gate4agent-types (history.rs): messages in one history session record. */
export const HISTORY_MESSAGES_MAX = 256;
/** gate4agent-types (history.rs): bytes of one history message. */
export const HISTORY_MESSAGE_MAX_BYTES = 16_384;
/** gate4agent-types (history.rs): bytes of a history error. */
export const HISTORY_ERROR_MAX_BYTES = 4_096;
/** gate4agent-types (history.rs): the largest native session catalog page (u16). */
export const NATIVE_SESSION_CATALOG_LIMIT_MAX = 64;
/** gate4agent-types (history.rs): the largest preview message count (u16). */
export const NATIVE_SESSION_PREVIEW_MESSAGE_LIMIT_MAX = 24;
/** gate4agent-types (history.rs): bytes of one preview message. */
export const NATIVE_SESSION_PREVIEW_TEXT_MAX_BYTES = 4_096;
/** gate4agent-types (history.rs): bytes of an external group id. */
export const NATIVE_SESSION_EXTERNAL_GROUP_ID_MAX_BYTES = 128;
/** gate4agent-types (history.rs): bytes of an external group label. */
export const NATIVE_SESSION_EXTERNAL_GROUP_LABEL_MAX_BYTES = 256;
/** gate4agent-types (resume.rs): bytes of a resume error. */
export const RESUME_ERROR_MAX_BYTES = 4_096;

/** gate4agent-types (session_options.rs): bytes of a session option id. */
export const SESSION_OPTION_ID_MAX_BYTES = 128;
/** gate4agent-types (session_options.rs): bytes of a session option string value and of the model. */
export const SESSION_OPTION_VALUE_MAX_BYTES = 512;
/** gate4agent-types (session_options.rs): values in one session option selection. */
export const SESSION_OPTION_VALUES_MAX = 64;

/** gate4agent-types (adapter.rs): bytes of `AdapterBinding.revision`. */
export const MAX_ADAPTER_REVISION_LEN = 256;
/** gate4agent-types (id.rs; private upstream): bytes of an `AgentId`. */
export const MAX_AGENT_ID_LEN = 64;
/** gate4agent-types (adapter.rs; private upstream): bytes of an `AdapterId`. */
export const MAX_ADAPTER_ID_LEN = 96;

/** gate4agent-types (input.rs): the largest single PTY write, `16 * 1024` bytes. */
export const TERMINAL_INPUT_CHUNK_MAX_BYTES = 16 * 1024;
/** gate4agent-types (input.rs): the largest prepared input, `16 * 1024 * 1024` bytes. */
export const TERMINAL_INPUT_MAX_BYTES = 16 * 1024 * 1024;
/** gate4agent-types (input.rs; public, not re-exported upstream): bytes of one `terminal-bytes` input. */
export const TERMINAL_BYTES_MAX_BYTES = 64;
/** gate4agent-types (input.rs): the limit of `normalizeSemanticPrompt`, `= TERMINAL_INPUT_MAX_BYTES`. */
export const SEMANTIC_PROMPT_MAX_BYTES = TERMINAL_INPUT_MAX_BYTES;
/** gate4agent-types (input.rs): milliseconds between the last data write and the submit `\r`. */
export const TERMINAL_SUBMIT_DELAY_MS = 500;
/** gate4agent-types (input.rs): the largest write delay in milliseconds (exported, unused upstream). */
export const TERMINAL_WRITE_DELAY_MAX_MS = 5_000;
/** gate4agent-types (input.rs): `ESC [ 2 0 0 ~`, opens a bracketed paste. Do not mutate. */
export const BRACKETED_PASTE_START: Uint8Array = Uint8Array.of(0x1b, 0x5b, 0x32, 0x30, 0x30, 0x7e);
/** gate4agent-types (input.rs): `ESC [ 2 0 1 ~`, closes a bracketed paste. Do not mutate. */
export const BRACKETED_PASTE_END: Uint8Array = Uint8Array.of(0x1b, 0x5b, 0x32, 0x30, 0x31, 0x7e);
/** Not upstream: the longest per-start readiness timeout a `StartRequest` may ask for (10 min). */
export const READINESS_TIMEOUT_MAX_MS = 10 * 60 * 1_000;

/**
 * gate4agent-ts (no upstream counterpart; serde_json stops at 128 levels): how deep input to a
 * codec's `decode` may nest. The deepest wire type nests about 12 levels.
 */
export const DECODE_DEPTH_MAX = 64;
/**
 * gate4agent-ts: values (containers, entries and scalars) one `decode` reads; room for the
 * largest prepared input as a JSON array of bytes, twice over.
 */
export const DECODE_VALUES_MAX = 2 * TERMINAL_INPUT_MAX_BYTES;
/** gate4agent-ts: UTF-8 bytes of one string one `decode` reads, `= SEMANTIC_PROMPT_MAX_BYTES`. */
export const DECODE_STRING_MAX_BYTES = SEMANTIC_PROMPT_MAX_BYTES;
