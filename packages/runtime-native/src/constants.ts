// Every limit of @gate4agent/runtime-native, under its upstream name and formula. Rust `Duration`s
// are milliseconds here.

/** gate4agent-shell-native: exit acks and faults a provider supervisor buffers until drained. */
export const MAX_PROVIDER_SUPERVISOR_EVENTS = 1_024;
/** Most open subscriptions per runtime event stream (exit acks, faults); TypeScript-only. */
export const MAX_PROVIDER_EVENT_SUBSCRIBERS = 32;
/** gate4agent-shell-native: operations one provider supervisor owns at once. */
export const MAX_PROVIDER_SUPERVISOR_OPERATIONS = 1_024;
/** gate4agent-shell-native: finished operation keys remembered for late cancels. */
export const MAX_PROVIDER_SUPERVISOR_TOMBSTONES = MAX_PROVIDER_SUPERVISOR_OPERATIONS * 2;
/** gate4agent-shell-native: observation receipts a supervisor reads per tick. */
export const MAX_PROVIDER_SUPERVISOR_OUTCOMES_PER_TICK = 64;
/** gate4agent-shell-native: work items (invokes and cancels) a supervisor reads per tick. */
export const MAX_PROVIDER_SUPERVISOR_WORK_PER_TICK = 64;
/** gate4agent-shell-native: cooperative stop requests before escalating. */
export const MAX_PROVIDER_STOP_SIGNAL_ATTEMPTS = 3;
/** gate4agent-shell-native: force-stop requests before the fault blocks detach. */
export const MAX_PROVIDER_FORCE_STOP_ATTEMPTS = 3;
/** gate4agent-shell-native; upstream 5 s Duration, here milliseconds. */
export const DEFAULT_PROVIDER_STOP_GRACE = 5_000;
/** gate4agent-shell-native: a zero stop grace is raised to this (upstream 1 ms Duration). */
export const MIN_PROVIDER_STOP_GRACE = 1;
/**
 * Not upstream (the child-process executor is new here): the most stdout bytes a provider child
 * may write as its result document. Fits a base64 encoding of the largest inline result
 * (TOOL_INLINE_RESULT_MAX_BYTES, 256 KiB) with room for metadata.
 */
export const CHILD_PROCESS_RESULT_MAX_BYTES = 512 * 1_024;
/**
 * Not upstream: once a provider child has exited and its process group is empty, how long the
 * child-process executor waits for its stdio to close (only a process that left the group can
 * hold it open) before it closes its own ends.
 */
export const CHILD_PROCESS_STDIO_DRAIN_GRACE = 2_000;

// --- NativeRuntime, PTY sessions and effect workers (gate4agent-runtime-native, gate4agent-shell-native,
// gate4agent-pty) ---

/** gate4agent-runtime-native `NativeRuntimeConfig::default().command_capacity`. */
export const DEFAULT_COMMAND_CAPACITY = 256;
/** gate4agent-runtime-native default `max_commands_per_tick`. */
export const DEFAULT_MAX_COMMANDS_PER_TICK = 64;
/** gate4agent-runtime-native default `effect_capacity_per_session`. */
export const DEFAULT_EFFECT_CAPACITY_PER_SESSION = 16;
/** gate4agent-runtime-native default `observation_capacity`. */
export const DEFAULT_OBSERVATION_CAPACITY = 1_024;
/** gate4agent-runtime-native default `max_observations_per_tick`. */
export const DEFAULT_MAX_OBSERVATIONS_PER_TICK = 256;
/** gate4agent-runtime-native default `provider_stop_grace_ms` (milliseconds). */
export const DEFAULT_PROVIDER_STOP_GRACE_MS = 5_000;
/** gate4agent-runtime-native default `provider_shutdown_timeout_ms` (milliseconds). */
export const DEFAULT_PROVIDER_SHUTDOWN_TIMEOUT_MS = 15_000;
/** gate4agent-runtime-native default `worker_poll_interval_ms` (milliseconds). */
export const DEFAULT_WORKER_POLL_INTERVAL_MS = 20;
/** gate4agent-runtime-native default `worker_idle_timeout_ms` (milliseconds). */
export const DEFAULT_WORKER_IDLE_TIMEOUT_MS = 60_000;
/** gate4agent-runtime-native: upper clamp of `provider_shutdown_timeout_ms` (one day). */
export const MAX_PROVIDER_SHUTDOWN_TIMEOUT_MS = 86_400_000;
/** gate4agent-runtime-native: exit acks or faults taken from one provider per collection pass. */
export const PROVIDER_EVENT_DRAIN_QUANTUM = 64;
/**
 * gate4agent-runtime-native (the node host's 10 ms sleep between ticks): the host driver's poll
 * period (milliseconds) while a tool request is open or an operation can only progress by being
 * polled (its executor has no `onActivity`, or is broken). Grace windows get timers at their
 * exact deadlines; an idle runtime schedules no tick at all.
 */
export const HOST_TICK_INTERVAL = 10;
/**
 * Not upstream: how long, in milliseconds, after a force stop was accepted the supervisor waits
 * for `tryWait` to prove the exit before it counts the executor as hung (fault `executor-hung`)
 * and proves the exit itself from the operation's `pid`.
 */
export const PROVIDER_EXIT_PROOF_TIMEOUT = 5_000;
/** Not upstream: at most this many `runtime.subscribeErrors` subscriptions at once. */
export const MAX_RUNTIME_ERROR_SUBSCRIBERS = 64;
/** gate4agent-shell-native `INSTANCE_LAUNCH_ARGS_MAX`: extra launch arguments per instance. */
export const INSTANCE_LAUNCH_ARGS_MAX = 128;
/** gate4agent-shell-native `INSTANCE_LAUNCH_ARG_MAX_BYTES`: UTF-8 bytes of one extra argument. */
export const INSTANCE_LAUNCH_ARG_MAX_BYTES = 65_536;
/** gate4agent-shell-native `INSTANCE_LAUNCH_ARGS_TOTAL_MAX_BYTES`: all extra arguments together. */
export const INSTANCE_LAUNCH_ARGS_TOTAL_MAX_BYTES = 262_144;
/** gate4agent-shell-native: launch flags that would hand Claude's session or prompt to a caller. */
export const RESERVED_CLAUDE_LAUNCH_FLAGS = [
  '--continue',
  '--print',
  '--prompt',
  '--prompt-interactive',
  '--resume',
  '--session-id',
  '-c',
  '-p',
  '-r',
] as const;
/** gate4agent-shell-native: launch flags owned by the Qwen dual-output sidecar. */
export const RESERVED_QWEN_SIDECAR_FLAGS = ['--json-fd', '--json-file'] as const;
/** gate4agent-pty: scrollback rows the terminal emulator keeps (vt100 parser scrollback). */
export const TERMINAL_SCROLLBACK_ROWS = 1_000;
/** gate4agent-pty: most scrollback rows a terminal frame carries (the newest ones). */
export const TERMINAL_FRAME_SCROLLBACK_MAX_ROWS = 256;
/**
 * Not upstream: under continuous output, a session's next frame waits at least this many times
 * as long as its last frame took to build (and never less than `workerPollIntervalMs`), so
 * building frames takes at most about 2 % of a core however heavy the flood.
 */
export const TERMINAL_FRAME_COST_SPACING = 50;
/**
 * Not upstream: while a session's output never pauses, the interval between its frames doubles
 * from `workerPollIntervalMs` up to this many ms (10 frames a second: a live view of an agent that
 * streams output stays fluid); the first frame after a pause comes at once again. The last state
 * is always published: once the output has been quiet for {@link TERMINAL_FRAME_QUIET}, or at
 * most this long (or the frame's cost spacing) after it.
 */
export const TERMINAL_FRAME_FLOOD_INTERVAL = 100;
/**
 * Not upstream: once a session's output has been quiet this many ms with every write applied, its
 * pending frame is due at once (never sooner than `workerPollIntervalMs` after its last frame),
 * however far the flood spacing had pushed it: the end of a flood is on screen promptly. Quiet is
 * confirmed after the event loop has read the PTY, and a quiet frame keeps the flood's spacing,
 * so a pause within a flood costs one frame at most.
 */
export const TERMINAL_FRAME_QUIET = 10;
/** gate4agent-pty: after the child exits, output must be quiet this long before the reader ends. */
export const PTY_EXIT_QUIET = 100;
/**
 * gate4agent-pty `PTY_DESCENDANT_GRACE` (2 s): the default grace between SIGTERM to a PTY
 * session's whole kill domain and SIGKILL to what is left (`NativeRuntimeConfig.ptyStopGraceMs`).
 * Upstream always waited this long when the agent had children; here the stop ends as soon as
 * the domain is empty.
 */
export const PTY_DESCENDANT_GRACE = 2_000;
/** gate4agent-pty: a PTY shutdown after its domain stop (reap, reader join) is bounded by this. */
export const PTY_SHUTDOWN_TIMEOUT = 8_000;
/** gate4agent-shell-native `STARTUP_GATE_SETTLE_MS`: the screen must stay gate-free this long. */
export const STARTUP_GATE_SETTLE_MS = 350;
/**
 * gate4agent-shell-native `STARTUP_GATE_POLL_MS`: upstream's screen checks while settling. Kept
 * for reference: here the settling screen is re-checked on every applied change instead.
 */
export const STARTUP_GATE_POLL_MS = 25;

/** TypeScript-only: the PTY size `NativeRuntime.launchAgent` uses when none is given. */
export const DEFAULT_AGENT_TERMINAL_SIZE = Object.freeze({ rows: 24, columns: 80 });
/**
 * TypeScript-only: how long `AgentSession.stop` waits after the cooperative stop before it stops
 * the agent by force; milliseconds.
 */
export const DEFAULT_AGENT_STOP_GRACE_MS = 5_000;
/** TypeScript-only: most open `AgentSession.frames()` iterations per session. */
export const MAX_SESSION_FRAME_SUBSCRIBERS = 32;
/** Not upstream: how many of the last non-blank screen lines a readiness failure quotes. */
export const READINESS_SCREEN_TAIL_LINES = 12;
