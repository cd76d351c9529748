import type { AgentRegistry } from '@gate4agent/agent-catalog';
import type {
  ControlObservation,
  EffectEnvelope,
  ForegroundProcess,
  ObservationEnvelope,
  Result,
} from '@gate4agent/types';
import { CONTROL_PROTOCOL_VERSION, err, ok, TerminalSize } from '@gate4agent/types';
import {
  DEFAULT_WORKER_POLL_INTERVAL_MS,
  PTY_DESCENDANT_GRACE,
  TERMINAL_FRAME_COST_SPACING,
  TERMINAL_FRAME_FLOOD_INTERVAL,
  TERMINAL_FRAME_QUIET,
} from '../constants.js';
import { completionObservation, effectFailure } from './effect-failure.js';
import { debugSessionKey, type NativeSessionKey, sessionKeyString } from './native-session-key.js';
import { observeForeground, type PtyForegroundObservation } from './observe-foreground.js';
import type { OwnedPtySession } from './owned-pty-session.js';
import { type PtyTerminalSnapshot, terminalFrame } from './pty-terminal-snapshot.js';
import { type NativeLaunchOverlay, spawnNative } from './spawn-native.js';
import { operatorGateOn } from './wait-for-readiness.js';
import { writeInput } from './write-input.js';

const NO_OVERLAY: NativeLaunchOverlay = { env: [], extraArgs: [] };

/** Options of a {@link NativeEffectShell}. */
export interface NativeEffectShellOptions {
  /**
   * SIGTERM → SIGKILL grace for a session's kill domain on stop and after a natural exit, in ms.
   * Default {@link PTY_DESCENDANT_GRACE}.
   */
  readonly ptyStopGraceMs?: number;
  /**
   * Called (synchronously, must not throw) when {@link NativeEffectShell.nextPublicationAt} may
   * have moved sooner: a session's screen applied a write or resize that makes its pending frame
   * due sooner than last said (the first one since its last frame), its output went quiet, its
   * process exited, or it applied a write after the exit. Other applied writes report nothing
   * (under a flood, one chunk in many). Default: nobody is told.
   */
  readonly onActivity?: () => void;
  /**
   * Shortest interval between two frames of one session, in ms: under continuous output frames
   * are built at most this often (the first change after a quiet spell is framed at once, the
   * last state always is). Default {@link DEFAULT_WORKER_POLL_INTERVAL_MS}.
   */
  readonly frameIntervalMs?: number;
  /** The clock of the frame interval. Default `performance.now()`. */
  readonly now?: () => number;
}

function canonicalForeground(
  owned: OwnedPtySession,
  observation: PtyForegroundObservation,
): ForegroundProcess {
  return {
    rootProcessId: observation.rootPid,
    processId: observation.observedPid,
    processName: observation.observedProcess,
    kind:
      observation.agentProcess === owned.session.agentId
        ? { kind: 'agent', agentId: owned.session.agentId }
        : observation.isShell
          ? { kind: 'shell' }
          : { kind: 'other' },
  };
}

/**
 * Carries out control effects on real PTY sessions (upstream `NativeEffectShell`, PTY transport):
 * spawn, write input, resize, foreground observation and tree stop, each answered by exactly one
 * observation bound to the effect's operation and generation. Natural exits and terminal frames
 * are collected when {@link nextPublicationAt} says so, which moves only on the events reported
 * to `onActivity` (applied screen writes, process exits) or with the clock once one of those
 * happened: an unchanged screen costs nothing. One shell serves one worker; effects run one at a
 * time.
 */
export class NativeEffectShell {
  readonly #catalog: AgentRegistry;
  readonly #sessions = new Map<string, OwnedPtySession>();
  readonly #graceMs: number;
  readonly #onActivity: () => void;
  readonly #frameIntervalMs: number;
  readonly #now: () => number;

  constructor(catalog: AgentRegistry, options: NativeEffectShellOptions = {}) {
    this.#catalog = catalog;
    this.#graceMs = options.ptyStopGraceMs ?? PTY_DESCENDANT_GRACE;
    this.#onActivity = options.onActivity ?? (() => undefined);
    this.#frameIntervalMs = Math.max(0, options.frameIntervalMs ?? DEFAULT_WORKER_POLL_INTERVAL_MS);
    this.#now = options.now ?? (() => performance.now());
  }

  #adopt(id: string, owned: OwnedPtySession): void {
    const activity = this.#onActivity;
    const { screen } = owned.session;
    // Output has gone quiet once the screen has applied everything published and nothing more
    // was applied for TERMINAL_FRAME_QUIET ms: one timer, re-armed (not re-created) whenever
    // the screen catches up, tells. Then a pending frame may be due sooner than its spacing.
    // Timers run before the event loop polls for I/O: a process that was not scheduled for that
    // long finds its timer due with output still unread. So the timer only proposes; the check
    // phase, after the poll has read what was waiting, confirms that nothing more came.
    let armedAt = -1;
    const caughtUp = () =>
      armedAt === screen.appliedSequence && screen.appliedSequence >= screen.publishedSequence;
    const confirmQuiet = () => {
      if (!caughtUp() || screen.disposed) return;
      owned.quiet = true;
      this.#report(owned);
    };
    const quietTimer = setTimeout(() => {
      if (caughtUp()) setImmediate(confirmQuiet);
    }, TERMINAL_FRAME_QUIET);
    quietTimer.unref?.();
    // An applied write reports activity only when it makes the session's pending frame due
    // sooner than the due time the worker knows (under a flood: one chunk in many). After the
    // exit every applied write may move when the reader finishes: all report.
    const stopScreen = screen.onApplied(() => {
      owned.quiet = false;
      if (screen.appliedSequence >= screen.publishedSequence) {
        armedAt = screen.appliedSequence;
        quietTimer.refresh();
      }
      this.#report(owned);
    });
    const stopExit = owned.session.onExited(activity);
    owned.unwatch = () => {
      clearTimeout(quietTimer);
      stopScreen();
      stopExit();
    };
    this.#sessions.set(id, owned);
  }

  #report(owned: OwnedPtySession): void {
    if (!owned.session.exited()) {
      if (owned.session.screen.appliedSequence <= owned.lastTerminalSequence) return;
      const due = this.#frameDueAt(owned);
      if (due >= owned.knownDueAt) return;
      owned.knownDueAt = due;
    }
    this.#onActivity();
  }

  // When the session's pending frame is due: the frame spacing after its last frame, or sooner
  // once its output has been quiet for TERMINAL_FRAME_QUIET (the end of a flood), but never
  // sooner than the frame interval after the last frame.
  #frameDueAt(owned: OwnedPtySession): number {
    const spaced = owned.lastFrameAt + owned.frameSpacing;
    if (!owned.quiet) return spaced;
    return Math.min(spaced, owned.lastFrameAt + this.#frameIntervalMs);
  }

  #release(id: string, owned: OwnedPtySession): void {
    this.#sessions.delete(id);
    owned.unwatch();
  }

  /**
   * When the next publication is due, on the shell's clock: a frame of a session whose screen
   * changed since its last frame (no sooner than the frame interval after that frame), or the
   * natural exit of a session whose reader finishes then. At or before now means due now;
   * `null` means nothing will be due until `onActivity` is called.
   */
  nextPublicationAt(): number | null {
    let next: number | null = null;
    for (const owned of this.#sessions.values()) {
      const screen = owned.session.screen;
      if (screen.appliedSequence > owned.lastTerminalSequence) {
        const at = this.#frameDueAt(owned);
        owned.knownDueAt = at;
        if (next === null || at < next) next = at;
      } else {
        owned.knownDueAt = Number.POSITIVE_INFINITY;
      }
      const finishes = owned.session.readerFinishesAt();
      if (finishes !== null && (next === null || finishes < next)) next = finishes;
    }
    return next;
  }

  /** Live PTY sessions this shell owns. */
  activeSessionCount(): number {
    return this.#sessions.size;
  }

  /** The operation that spawned the session, if it is live. */
  spawnOperationId(key: NativeSessionKey): number | null {
    return this.#sessions.get(sessionKeyString(key))?.spawnOperationId ?? null;
  }

  /** The live session's screen as applied so far. */
  terminalSnapshot(key: NativeSessionKey): Result<PtyTerminalSnapshot, string> {
    const owned = this.#sessions.get(sessionKeyString(key));
    return owned === undefined
      ? err(`native session ${debugSessionKey(key)} does not exist`)
      : ok(owned.session.terminalState());
  }

  /** Executes one effect with no host launch overlay. */
  execute(envelope: EffectEnvelope): Promise<ObservationEnvelope> {
    return this.executeWithLaunchOverlay(envelope, NO_OVERLAY);
  }

  /** Executes one effect; a spawn gets the overlay's environment and extra arguments. */
  async executeWithLaunchOverlay(
    envelope: EffectEnvelope,
    overlay: NativeLaunchOverlay,
  ): Promise<ObservationEnvelope> {
    return completionObservation(envelope, await this.#observe(envelope, overlay));
  }

  async #observe(
    envelope: EffectEnvelope,
    overlay: NativeLaunchOverlay,
  ): Promise<ControlObservation> {
    const { effect } = envelope;
    if (envelope.protocolVersion !== CONTROL_PROTOCOL_VERSION) {
      return effectFailure(
        effect,
        `effect protocol version ${envelope.protocolVersion} is unsupported; expected ${CONTROL_PROTOCOL_VERSION}`,
      );
    }
    const key: NativeSessionKey = {
      instanceId: envelope.instanceId,
      generation: envelope.generation,
    };
    const owned = this.#sessions.get(sessionKeyString(key));
    switch (effect.kind) {
      case 'spawn': {
        const spawned = await spawnNative(
          this.#catalog,
          key,
          envelope.operationId,
          effect,
          overlay,
          owned !== undefined,
        );
        if (!spawned.ok) return spawned.error;
        this.#adopt(sessionKeyString(key), spawned.value);
        return { kind: 'spawned', processId: spawned.value.session.pid };
      }
      case 'stop':
        return this.#stop(key, effect.force);
      case 'write-input':
        return writeInput(this.#catalog, owned, effect);
      case 'submit-prompt':
        return {
          kind: 'input-failed',
          message: 'semantic follow-up prompts require an ACP session',
        };
      case 'interrupt':
        return { kind: 'input-failed', message: 'semantic interrupt requires an ACP session' };
      case 'resolve-interaction':
        return effectFailure(effect, 'native interaction resolution authority is not configured');
      case 'resize': {
        if (!TerminalSize.isValid(effect.size)) {
          return { kind: 'resize-failed', message: 'terminal size is outside the supported range' };
        }
        if (owned === undefined) {
          return { kind: 'resize-failed', message: 'terminal resize requires a PTY session' };
        }
        const resized = owned.session.resize(effect.size.rows, effect.size.columns);
        if (!resized.ok) return { kind: 'resize-failed', message: resized.error.message };
        await owned.session.screen.flushed();
        return { kind: 'resize-completed', size: effect.size };
      }
      case 'observe-foreground': {
        if (owned === undefined) {
          return {
            kind: 'foreground-failed',
            message: 'foreground observation requires a PTY session',
          };
        }
        const observed = await observeForeground(owned.session.pid, owned.spec);
        return observed === null
          ? { kind: 'foreground-failed', message: 'PTY foreground process is not observable' }
          : { kind: 'foreground-observed', process: canonicalForeground(owned, observed) };
      }
    }
  }

  async #stop(key: NativeSessionKey, force: boolean): Promise<ControlObservation> {
    const id = sessionKeyString(key);
    const owned = this.#sessions.get(id);
    if (owned === undefined) {
      return {
        kind: 'stop-failed',
        message: `native session ${debugSessionKey(key)} does not exist`,
      };
    }
    this.#release(id, owned);
    const shutdown = await owned.session.shutdown({ graceMs: this.#graceMs });
    if (!shutdown.ok) return { kind: 'stop-failed', message: shutdown.error.message };
    return {
      kind: 'stop-completed',
      // A domain that SIGTERM alone ended is a clean stop; only SIGKILL (or asking) forces.
      forced: force || shutdown.value.termination?.forced === true,
      exitCode: shutdown.value.exitCode,
      finalTerminal: terminalFrame(shutdown.value.terminal),
    };
  }

  /** Natural exits: every session whose reader finished, shut down and reported `process-exited`. */
  async collectExits(): Promise<ObservationEnvelope[]> {
    const finished = [...this.#sessions.entries()].filter(([, owned]) =>
      owned.session.readerFinished(),
    );
    const observations: ObservationEnvelope[] = [];
    for (const [id, owned] of finished) {
      this.#release(id, owned);
      // The agent's natural exit ends the rest of its kill domain.
      const shutdown = await owned.session.shutdown({ graceMs: this.#graceMs });
      observations.push({
        protocolVersion: CONTROL_PROTOCOL_VERSION,
        operationId: null,
        instanceId: owned.key.instanceId,
        generation: owned.key.generation,
        observation: {
          kind: 'process-exited',
          exitCode: shutdown.ok ? shutdown.value.exitCode : null,
          finalTerminal: shutdown.ok ? terminalFrame(shutdown.value.terminal) : null,
        },
      });
    }
    return observations;
  }

  /** Provider events of semantic PTY streams; none are parsed by this runtime yet. */
  collectProviderEvents(): ObservationEnvelope[] {
    return [];
  }

  /**
   * A frame for every session whose applied terminal sequence grew since its last frame and whose
   * last frame is at least the frame interval old, with the operator gate (trust, login, …
   * dialog) the agent catalog recognises on it, or `null`. An unchanged screen is not read at
   * all. Each observation is frozen with its frame (see `terminalFrame`): share it, never copy it.
   */
  collectTerminalFrames(): ObservationEnvelope[] {
    const observations: ObservationEnvelope[] = [];
    let now: number | null = null;
    for (const owned of this.#sessions.values()) {
      if (owned.session.screen.appliedSequence <= owned.lastTerminalSequence) continue;
      now ??= this.#now();
      if (now < this.#frameDueAt(owned)) continue;
      // A frame before the spacing is over is a quiet one: the output paused.
      const early = now < owned.lastFrameAt + owned.frameSpacing;
      owned.knownDueAt = Number.POSITIVE_INFINITY;
      const envelope = (observation: ControlObservation): ObservationEnvelope =>
        Object.freeze({
          protocolVersion: CONTROL_PROTOCOL_VERSION,
          operationId: null,
          instanceId: owned.key.instanceId,
          generation: owned.key.generation,
          observation: Object.freeze(observation),
        });
      const started = this.#now();
      let snapshot: PtyTerminalSnapshot;
      try {
        snapshot = owned.session.terminalState();
      } catch (error) {
        // Read again on the next change, not in a loop.
        owned.lastTerminalSequence = owned.session.screen.appliedSequence;
        owned.lastFrameAt = now;
        if (!owned.terminalStalePublished) {
          owned.terminalStalePublished = true;
          observations.push(envelope({ kind: 'terminal-stale', message: String(error) }));
        }
        continue;
      }
      if (snapshot.sequence > owned.lastTerminalSequence) {
        owned.lastTerminalSequence = snapshot.sequence;
        owned.terminalStalePublished = false;
        observations.push(
          envelope({
            kind: 'terminal-frame',
            frame: terminalFrame(snapshot),
            operatorGate: operatorGateOn(owned.session, snapshot.contents),
          }),
        );
        // Output that never paused since the last frame doubles the interval (up to
        // TERMINAL_FRAME_FLOOD_INTERVAL); a frame built after a pause resets it. A quiet frame
        // (early) keeps it: output that resumes at once was a hiccup of the flood (one extra
        // frame, not a new ramp of short intervals), and output after a real pause is due once
        // quiet again, within TERMINAL_FRAME_QUIET. Frames are further spaced by what they
        // cost: a flood gets fewer, dearer frames, never more work.
        const continuous = started < owned.lastFrameAt + owned.frameSpacing + this.#frameIntervalMs;
        if (!early) {
          owned.floodInterval = continuous
            ? Math.min(TERMINAL_FRAME_FLOOD_INTERVAL, Math.max(1, owned.floodInterval) * 2)
            : this.#frameIntervalMs;
        }
        const built = this.#now();
        owned.lastFrameAt = built;
        owned.frameSpacing = Math.max(
          this.#frameIntervalMs,
          owned.floodInterval,
          (built - started) * TERMINAL_FRAME_COST_SPACING,
        );
      }
    }
    return observations;
  }

  /** Stops every owned session's tree and waits for the reaps. Idempotent. */
  async dispose(): Promise<void> {
    const owned = [...this.#sessions.values()];
    this.#sessions.clear();
    for (const session of owned) session.unwatch();
    await Promise.all(owned.map((session) => session.session.shutdown({ graceMs: this.#graceMs })));
  }

  /** Best-effort synchronous kill of every owned session (for `dispose` without awaiting). */
  killAll(): void {
    for (const owned of this.#sessions.values()) owned.session.dispose();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }
}
