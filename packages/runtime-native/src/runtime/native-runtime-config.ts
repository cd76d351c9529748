import { MAX_INGRESS_CAPACITY } from '@gate4agent/handle';
import { Gate4AgentError } from '@gate4agent/types';
import {
  DEFAULT_COMMAND_CAPACITY,
  DEFAULT_EFFECT_CAPACITY_PER_SESSION,
  DEFAULT_MAX_COMMANDS_PER_TICK,
  DEFAULT_MAX_OBSERVATIONS_PER_TICK,
  DEFAULT_OBSERVATION_CAPACITY,
  DEFAULT_PROVIDER_SHUTDOWN_TIMEOUT_MS,
  DEFAULT_PROVIDER_STOP_GRACE_MS,
  DEFAULT_WORKER_IDLE_TIMEOUT_MS,
  DEFAULT_WORKER_POLL_INTERVAL_MS,
  PTY_DESCENDANT_GRACE,
} from '../constants.js';

/** How a {@link NativeRuntime} sizes its queues and paces its workers (upstream `NativeRuntimeConfig`). */
export interface NativeRuntimeConfig {
  /** The one shared ingress FIFO (commands, tool requests, authority and provider envelopes); 1..4096. */
  readonly commandCapacity: number;
  /** Ingress items reduced per tick (at least 1). */
  readonly maxCommandsPerTick: number;
  /** Queue of each per-instance session worker (at least 1); overflow fails the effect. */
  readonly effectCapacityPerSession: number;
  /** Worker → runtime observation channel (at least 1); workers wait while it is full. */
  readonly observationCapacity: number;
  /** Observations fed to the kernel per tick (at least 1); frames only take what is left. */
  readonly maxObservationsPerTick: number;
  /** Cooperative stop → force stop grace of every provider supervisor, in ms (at least 1). */
  readonly providerStopGraceMs: number;
  /** Deadline of `shutdownNativeProviders()`, in ms (1..86 400 000). */
  readonly providerShutdownTimeoutMs: number;
  /**
   * Shortest interval between two frames of one session under continuous output (nothing polls
   * on it: frames are event-driven), and the shutdown loop's sleep, in ms (at least 1).
   */
  readonly workerPollIntervalMs: number;
  /** A worker with no live session and no effect for this long ends, in ms (at least 1). */
  readonly workerIdleTimeoutMs: number;
  /**
   * Grace between SIGTERM to a PTY session's whole kill domain and SIGKILL to what is left, on
   * stop and after the agent's natural exit, in ms (0 = SIGKILL at once). Not upstream.
   */
  readonly ptyStopGraceMs: number;
}

/** The upstream defaults: 256, 64, 16, 1024, 256, 5000, 15000, 20, 60000, and a 2000 ms PTY stop grace. */
export const DEFAULT_NATIVE_RUNTIME_CONFIG: NativeRuntimeConfig = Object.freeze({
  commandCapacity: DEFAULT_COMMAND_CAPACITY,
  maxCommandsPerTick: DEFAULT_MAX_COMMANDS_PER_TICK,
  effectCapacityPerSession: DEFAULT_EFFECT_CAPACITY_PER_SESSION,
  observationCapacity: DEFAULT_OBSERVATION_CAPACITY,
  maxObservationsPerTick: DEFAULT_MAX_OBSERVATIONS_PER_TICK,
  providerStopGraceMs: DEFAULT_PROVIDER_STOP_GRACE_MS,
  providerShutdownTimeoutMs: DEFAULT_PROVIDER_SHUTDOWN_TIMEOUT_MS,
  workerPollIntervalMs: DEFAULT_WORKER_POLL_INTERVAL_MS,
  workerIdleTimeoutMs: DEFAULT_WORKER_IDLE_TIMEOUT_MS,
  ptyStopGraceMs: PTY_DESCENDANT_GRACE,
});

const FIELDS = Object.keys(DEFAULT_NATIVE_RUNTIME_CONFIG) as (keyof NativeRuntimeConfig)[];

/**
 * The defaults with `overrides` applied ("defaults with overrides", like Rust's
 * `..NativeRuntimeConfig::default()`). Values are kept as given; each consumer clamps its own
 * field as upstream does. Throws on a value that is not a non-negative safe integer.
 */
export function nativeRuntimeConfig(
  overrides: Partial<NativeRuntimeConfig> = {},
): NativeRuntimeConfig {
  const config = { ...DEFAULT_NATIVE_RUNTIME_CONFIG, ...overrides };
  for (const field of FIELDS) {
    const value = config[field];
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new Gate4AgentError(
        'invalid-argument',
        `NativeRuntimeConfig.${field} must be a non-negative safe integer; got ${String(value)}`,
      );
    }
  }
  return Object.freeze(config);
}

/** `commandCapacity` as the ingress uses it: clamped to `1..MAX_INGRESS_CAPACITY`. */
export function clampedCommandCapacity(config: NativeRuntimeConfig): number {
  return Math.min(Math.max(config.commandCapacity, 1), MAX_INGRESS_CAPACITY);
}
