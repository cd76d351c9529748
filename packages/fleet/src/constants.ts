// Every limit and default of @gate4agent/fleet (new here: upstream has no fleet). Durations are
// milliseconds.

/** How often a host rewrites its record in the host bucket. */
export const DEFAULT_HEARTBEAT_MS = 1_000;
/** A host whose record was not rewritten for this long is lost. */
export const DEFAULT_HOST_TIMEOUT_MS = 5_000;
/** At most one terminal frame per session per this interval leaves a host (10 frames/s). */
export const DEFAULT_FRAME_INTERVAL_MS = 100;
/** How long a command (request/reply) may take before the caller gives up; a launch waits for a PTY. */
export const FLEET_COMMAND_TIMEOUT_MS = 30_000;
/** Subjects one session uses: status, frame, and its tool completions (the owner's ack subject is shared). */
export const FLEET_SUBJECTS_PER_SESSION = 3;
/** The largest message the fleet sends (the server's default `max_payload`). */
export const FLEET_MESSAGE_MAX_BYTES = 1_024 * 1_024;
/** Name of the key-value bucket where hosts register. */
export const FLEET_HOST_BUCKET = 'g4a_hosts';
/** Replicas of the host bucket and of every owner's event stream (a 3-node cluster). */
export const DEFAULT_FLEET_REPLICAS = 3;
/** How long a JetStream stream remembers message ids for de-duplication. */
export const FLEET_DUPLICATE_WINDOW_MS = 120_000;
/** How long an owner's event stream keeps events. */
export const FLEET_EVENT_MAX_AGE_MS = 3_600_000;
/** Bytes in a host id, owner id or other subject token (letters, digits, `-`, `_`). */
export const FLEET_TOKEN_MAX_BYTES = 64;
/** Capacity of every subscription the fleet client hands out. */
export const FLEET_SUBSCRIPTION_CAPACITY = 256;
/** How long a host retries storing one event while the cluster recovers (a node died). */
export const FLEET_PUBLISH_RETRY_MS = 60_000;
/**
 * How long one attempt of a command waits for its reply before the client sends it again (same
 * command id: the host runs it once), within {@link FLEET_COMMAND_TIMEOUT_MS}.
 */
export const FLEET_COMMAND_ATTEMPT_MS = 5_000;
/** How many recent command replies a host keeps to answer a command sent again. */
export const FLEET_RECENT_COMMANDS = 1_024;
/** The pause between two retries. */
export const FLEET_RETRY_INTERVAL_MS = 250;
/** Open `frames()` iterators per fleet session (as the local `MAX_SESSION_FRAME_SUBSCRIBERS`). */
export const FLEET_SESSION_FRAME_SUBSCRIBERS = 32;
/** Open exit-ack subscriptions per fleet client. */
export const FLEET_EXIT_ACK_SUBSCRIBERS = 32;
/**
 * How often a session host checks its forwarded operations locally (the provider host's silence,
 * cancelled tokens; nothing is sent for it), and how often a provider host checks its local
 * operations without activity. A provider host pushes every change at once and, each
 * {@link DEFAULT_HEARTBEAT_MS}, every state it holds for a session host: that heartbeat is the
 * liveness check and catches a lost push.
 */
export const DEFAULT_PROVIDER_POLL_MS = 500;
/**
 * A provider host that sent no heartbeat (nor anything else) for this long is lost and its forwarded operations end
 * `host-lost`. Below the supervisor's 5 s exit-proof timeout (`PROVIDER_EXIT_PROOF_TIMEOUT` of
 * `@gate4agent/runtime-native`), so a force stop sent to a dead provider host still ends with an
 * exit before the session host's supervisor would call its executor hung.
 */
export const DEFAULT_PROVIDER_HOST_TIMEOUT_MS = 4_000;
/** Forwarded operations one provider host runs at most for all session hosts together. */
export const FLEET_PROVIDER_OPERATIONS_MAX = 1_024;
/**
 * @internal The idle heartbeat a client asks of the ordered consumer reading its event stream
 * (its pull requests expire after two).
 */
export const FLEET_CONSUMER_HEARTBEAT_MS = 1_000;
/**
 * @internal Heartbeats of that consumer missed in a row before the client builds a new one from
 * the next unread event: the old one's node died (it comes back only with that node).
 */
export const FLEET_CONSUMER_STALL_HEARTBEATS = 3;
