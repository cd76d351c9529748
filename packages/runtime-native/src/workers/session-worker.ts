import type { AgentRegistry } from '@gate4agent/agent-catalog';
import type { ControlObservation, EffectEnvelope, ObservationEnvelope } from '@gate4agent/types';
import { effectFailureEnvelope } from '../pty/effect-failure.js';
import { NativeEffectShell } from '../pty/native-effect-shell.js';
import type { NativeLaunchOverlay } from '../pty/spawn-native.js';
import type { ObservationChannel } from './observation-channel.js';
import type { TerminalFrameCache } from './terminal-frame-cache.js';

/** One effect queued for a worker, with the host's launch overlay for spawns. */
export interface NativeEffectRequest {
  readonly effect: EffectEnvelope;
  readonly overlay: NativeLaunchOverlay;
}

/** What every worker of one runtime shares. */
export interface SessionWorkerContext {
  readonly catalog: AgentRegistry;
  readonly channel: ObservationChannel;
  readonly frames: TerminalFrameCache;
  /** Live native sessions across all workers. */
  readonly activeSessions: { value: number };
  /**
   * Shortest interval between two frames of one session under continuous output, in ms (the
   * runtime's `workerPollIntervalMs`; nothing polls on it).
   */
  readonly pollIntervalMs: number;
  readonly idleTimeoutMs: number;
  /** SIGTERM → SIGKILL grace of a PTY session's kill domain, in ms. */
  readonly ptyStopGraceMs: number;
  readonly now: () => number;
  /** Told when this instance's worker threw (the runtime's error channel); must not throw. */
  readonly onWorkerError: (instanceId: number, error: unknown) => void;
}

function closesTerminalSession(observation: ControlObservation): boolean {
  return (
    observation.kind === 'stop-completed' ||
    observation.kind === 'stop-failed' ||
    observation.kind === 'process-exited'
  );
}

/**
 * The serial effect executor of one agent instance (upstream `run_effect_worker`): effects run
 * strictly in order on its own `NativeEffectShell`, completions go to the runtime's observation
 * channel, and between effects it publishes frames and natural exits when they are due. It is
 * event-driven: it sleeps until an effect arrives or its shell reports activity (xterm applied a
 * write, a process exited), and arms a timer only for a publication already due later (the rest
 * of a frame interval, an exit's quiet period) or the idle timeout. An idle session costs
 * nothing; under a flood at most one frame per session and frame interval is built, one at a
 * time, and the last state is always published. While an effect runs it publishes nothing. With
 * no live session it exits after the idle timeout.
 */
export class SessionWorker {
  readonly capacity: number;
  readonly #context: SessionWorkerContext;
  readonly #shell: NativeEffectShell;
  readonly #queue: NativeEffectRequest[] = [];
  #wake: (() => void) | null = null;
  /** When the current sleep's timer fires (`Infinity`: it has none). */
  #sleepUntil = Number.POSITIVE_INFINITY;
  #closed = false;
  #stopping = false;
  readonly #done: Promise<void>;
  readonly #instanceId: number;

  constructor(context: SessionWorkerContext, capacity: number, instanceId = 0) {
    this.capacity = Math.max(1, capacity);
    this.#context = context;
    this.#instanceId = instanceId;
    this.#shell = new NativeEffectShell(context.catalog, {
      ptyStopGraceMs: context.ptyStopGraceMs,
      onActivity: () => this.#activity(),
      frameIntervalMs: context.pollIntervalMs,
      now: context.now,
    });
    this.#done = this.#run();
  }

  /** Whether the worker has ended (its queue no longer accepts effects). */
  get closed(): boolean {
    return this.#closed;
  }

  /** Queues an effect without waiting. */
  trySend(request: NativeEffectRequest): 'ok' | 'full' | 'closed' {
    if (this.#closed || this.#stopping) return 'closed';
    if (this.#queue.length >= this.capacity) return 'full';
    this.#queue.push(request);
    this.#wake?.();
    return 'ok';
  }

  // A screen change or exit wakes the worker only when it makes a publication due sooner than
  // the sleep's timer: under a flood the frame interval's timer stands and writes cost no wake.
  #activity(): void {
    if (this.#wake === null) return;
    const due = this.#shell.nextPublicationAt();
    if (due !== null && due < this.#sleepUntil) this.#wake();
  }

  // Sleeps until woken (an effect, shell activity, dispose) or, when `until` is not null, until
  // then on the context's clock (`now` is that clock's reading the deadline was computed from).
  // The deadline is kept exactly as computed: activity that leaves the due publication where it
  // was must not count as sooner and wake the worker for nothing (once per chunk under a flood).
  #sleep(until: number | null, now: number): Promise<void> {
    this.#sleepUntil = until ?? Number.POSITIVE_INFINITY;
    return new Promise<void>((resolve) => {
      const timer = until === null ? undefined : setTimeout(done, Math.max(1, until - now));
      timer?.unref?.();
      this.#wake = done;
      function done() {
        if (timer !== undefined) clearTimeout(timer);
        resolve();
      }
    }).finally(() => {
      this.#wake = null;
    });
  }

  #updateActive(before: number): void {
    this.#context.activeSessions.value += this.#shell.activeSessionCount() - before;
  }

  async #run(): Promise<void> {
    const context = this.#context;
    let lastEffect = context.now();
    try {
      while (!this.#stopping) {
        const request = this.#queue.shift();
        if (request !== undefined) {
          lastEffect = context.now();
          const before = this.#shell.activeSessionCount();
          const completion = await this.#execute(request);
          this.#updateActive(before);
          if (closesTerminalSession(completion.observation)) {
            context.frames.remove({
              instanceId: completion.instanceId,
              generation: completion.generation,
            });
          }
          if (!(await context.channel.send(completion))) break;
          if (!(await this.#publish())) break;
          continue;
        }
        const now = context.now();
        const live = this.#shell.activeSessionCount() > 0;
        const idleLeft = context.idleTimeoutMs - (now - lastEffect);
        if (!live && idleLeft <= 0) break;
        const due = this.#shell.nextPublicationAt();
        if (due === null || due > now) {
          // Nothing to publish yet: sleep until an event, the next due publication, or (with no
          // live session) the idle timeout. An unchanged live session arms no timer at all.
          await this.#sleep(due !== null ? due : live ? null : now + idleLeft, now);
          if (this.#stopping) break;
          continue;
        }
        if (!(await this.#publish())) break;
      }
    } catch (error) {
      // Publishing failed: this instance's sessions cannot be served any more. Contain it here.
      this.#reportError(error);
      this.#stopping = true;
      try {
        this.#shell.killAll();
      } catch (killError) {
        this.#reportError(killError);
      }
    } finally {
      this.#closed = true;
    }
  }

  // Runs one effect; an effect that throws fails with a synthesized failure observation.
  async #execute(request: NativeEffectRequest): Promise<ObservationEnvelope> {
    try {
      return await this.#shell.executeWithLaunchOverlay(request.effect, request.overlay);
    } catch (error) {
      this.#reportError(error);
      return effectFailureEnvelope(
        request.effect,
        `the native effect threw: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  #reportError(error: unknown): void {
    try {
      this.#context.onWorkerError(this.#instanceId, error);
    } catch {
      // The runtime's error channel re-throws its listeners' errors itself.
    }
  }

  async #publish(): Promise<boolean> {
    const context = this.#context;
    for (const observation of this.#shell.collectProviderEvents()) {
      if (!(await context.channel.send(observation))) return false;
    }
    for (const observation of this.#shell.collectTerminalFrames()) {
      if (observation.observation.kind === 'terminal-frame') context.frames.insert(observation);
      else if (!(await context.channel.send(observation))) return false;
    }
    const before = this.#shell.activeSessionCount();
    const exits = await this.#shell.collectExits();
    this.#updateActive(before);
    for (const observation of exits) {
      context.frames.remove({
        instanceId: observation.instanceId,
        generation: observation.generation,
      });
      if (!(await context.channel.send(observation))) return false;
    }
    return true;
  }

  /**
   * Ends the worker: queued effects are dropped, the running one finishes, then every live
   * session's tree is stopped and reaped. Idempotent.
   */
  async dispose(): Promise<void> {
    this.#stopping = true;
    this.#queue.length = 0;
    this.#wake?.();
    await this.#done;
    const before = this.#shell.activeSessionCount();
    await this.#shell.dispose();
    this.#updateActive(before);
  }

  /** Best-effort synchronous kill of every live session (no reap proof). */
  kill(): void {
    this.#stopping = true;
    this.#shell.killAll();
  }
}
