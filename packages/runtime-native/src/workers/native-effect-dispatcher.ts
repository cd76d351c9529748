import type { AgentRegistry } from '@gate4agent/agent-catalog';
import type { EffectEnvelope, ObservationEnvelope, Result } from '@gate4agent/types';
import { ok } from '@gate4agent/types';
import { effectFailureEnvelope } from '../pty/effect-failure.js';
import type { NativeLaunchOverlay } from '../pty/spawn-native.js';
import { validateSpawnRuntimePolicy } from '../pty/spawn-policy.js';
import type { NativeRuntimeConfig } from '../runtime/native-runtime-config.js';
import { ObservationChannel } from './observation-channel.js';
import { SessionWorker, type SessionWorkerContext } from './session-worker.js';
import { TerminalFrameCache } from './terminal-frame-cache.js';

/** Observations taken for one tick, and how many of them were cached terminal frames. */
export interface DrainedObservations {
  readonly observations: ObservationEnvelope[];
  readonly terminalFramesCollected: number;
}

/** Re-checks a spawn against its runtime policy before any worker sees it. */
export function validateEffectRuntimePolicy(envelope: EffectEnvelope): Result<void, string> {
  const effect = envelope.effect;
  if (effect.kind !== 'spawn') return ok();
  return validateSpawnRuntimePolicy(
    effect.runtimePolicy,
    effect.transport,
    effect.request.initialPrompt !== null,
    false,
  );
}

/**
 * Routes control effects to one serial worker per agent instance, without ever waiting: a full
 * or dead worker queue turns the effect into a synthesized failure observation that the next
 * tick applies. Collects what the workers report for `tick()` (control observations first, then
 * cached terminal frames with the budget left).
 */
export class NativeEffectDispatcher {
  readonly #context: SessionWorkerContext;
  readonly #capacity: number;
  readonly #workers = new Map<number, SessionWorker>();
  readonly #pendingFailures: ObservationEnvelope[] = [];
  readonly #onActivity: () => void;
  readonly #launchOverlays: ReadonlyMap<number, NativeLaunchOverlay>;

  constructor(
    catalog: AgentRegistry,
    config: NativeRuntimeConfig,
    onActivity: () => void = () => {},
    now: () => number = () => performance.now(),
    onWorkerError: (instanceId: number, error: unknown) => void = () => {},
    /** Host launch overlays by instance id (an MCP launch), read when a spawn is dispatched. */
    launchOverlays: ReadonlyMap<number, NativeLaunchOverlay> = new Map(),
  ) {
    this.#launchOverlays = launchOverlays;
    this.#onActivity = onActivity;
    this.#capacity = Math.max(1, config.effectCapacityPerSession);
    this.#context = {
      catalog,
      channel: new ObservationChannel(config.observationCapacity, onActivity),
      frames: new TerminalFrameCache(onActivity),
      activeSessions: { value: 0 },
      pollIntervalMs: Math.max(1, config.workerPollIntervalMs),
      idleTimeoutMs: Math.max(1, config.workerIdleTimeoutMs),
      ptyStopGraceMs: config.ptyStopGraceMs,
      now,
      onWorkerError,
    };
  }

  /** Live native sessions across all workers. */
  activeSessions(): number {
    return this.#context.activeSessions.value;
  }

  /** Workers that are still running. */
  workerCount(): number {
    this.#prune();
    return this.#workers.size;
  }

  /** Whether observations, failures or frames wait for the next tick. */
  hasPendingObservations(): boolean {
    return (
      this.#pendingFailures.length > 0 ||
      this.#context.channel.length > 0 ||
      this.#context.frames.size > 0
    );
  }

  #prune(): void {
    for (const [instanceId, worker] of this.#workers) {
      if (worker.closed) this.#workers.delete(instanceId);
    }
  }

  #fail(effect: EffectEnvelope, message: string): void {
    this.#pendingFailures.push(effectFailureEnvelope(effect, message));
    this.#onActivity();
  }

  #worker(instanceId: number): SessionWorker {
    let worker = this.#workers.get(instanceId);
    if (worker === undefined) {
      worker = new SessionWorker(this.#context, this.#capacity, instanceId);
      this.#workers.set(instanceId, worker);
    }
    return worker;
  }

  /** Hands `effect` to its instance's worker, or records the failure that answers it. */
  dispatch(effect: EffectEnvelope): void {
    this.#prune();
    const valid = validateEffectRuntimePolicy(effect);
    if (!valid.ok) {
      this.#fail(effect, valid.error);
      return;
    }
    const overlay = this.#launchOverlays.get(effect.instanceId) ?? { env: [], extraArgs: [] };
    const request = { effect, overlay };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const sent = this.#worker(effect.instanceId).trySend(request);
      if (sent === 'ok') return;
      if (sent === 'full') {
        this.#fail(effect, 'native session effect queue is full');
        return;
      }
      this.#workers.delete(effect.instanceId);
    }
    this.#fail(effect, 'native session effect worker is unavailable');
  }

  /**
   * Up to `limit` observations: synthesized failures, then worker completions and events, then
   * the latest cached frame per session (in key order) with the budget that is left. Call it
   * right before the kernel step the observations are for: the frames are handed off to its
   * check (see `TerminalFrameCache.take`).
   */
  drainObservations(limit: number): DrainedObservations {
    this.#prune();
    const observations: ObservationEnvelope[] = [];
    while (observations.length < limit) {
      const failure = this.#pendingFailures.shift();
      if (failure !== undefined) {
        observations.push(failure);
        continue;
      }
      const next = this.#context.channel.tryRecv();
      if (next === undefined) break;
      observations.push(next);
    }
    const frames = this.#context.frames.take(limit - observations.length);
    observations.push(...frames);
    return { observations, terminalFramesCollected: frames.length };
  }

  /** Best-effort synchronous kill of every live session (no reap proof). */
  kill(): void {
    for (const worker of this.#workers.values()) worker.kill();
  }

  /** Stops every worker, stopping and reaping every live session. Idempotent. */
  async dispose(): Promise<void> {
    const workers = [...this.#workers.values()];
    this.#workers.clear();
    // Closing the channel first releases workers waiting for room in it.
    this.#context.channel.close();
    await Promise.all(workers.map((worker) => worker.dispose()));
    this.#context.frames.clear();
    this.#pendingFailures.length = 0;
  }
}
