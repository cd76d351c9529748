import type { AgentRegistry } from '@gate4agent/agent-catalog';
import type {
  ControlObservation,
  EffectEnvelope,
  ForegroundProcess,
  ObservationEnvelope,
  Result,
} from '@gate4agent/types';
import { CONTROL_PROTOCOL_VERSION, err, ok, TerminalSize } from '@gate4agent/types';
import { PTY_DESCENDANT_GRACE } from '../constants.js';
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
 * are collected by polling. One shell serves one worker; effects run one at a time.
 */
export class NativeEffectShell {
  readonly #catalog: AgentRegistry;
  readonly #sessions = new Map<string, OwnedPtySession>();
  readonly #graceMs: number;

  constructor(catalog: AgentRegistry, options: NativeEffectShellOptions = {}) {
    this.#catalog = catalog;
    this.#graceMs = options.ptyStopGraceMs ?? PTY_DESCENDANT_GRACE;
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
        this.#sessions.set(sessionKeyString(key), spawned.value);
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
    this.#sessions.delete(id);
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
      this.#sessions.delete(id);
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
   * A frame for every session whose applied terminal sequence grew since its last frame, with the
   * operator gate (trust, login, … dialog) the agent catalog recognises on it, or `null`.
   */
  collectTerminalFrames(): ObservationEnvelope[] {
    const observations: ObservationEnvelope[] = [];
    for (const owned of this.#sessions.values()) {
      const envelope = (observation: ControlObservation): ObservationEnvelope => ({
        protocolVersion: CONTROL_PROTOCOL_VERSION,
        operationId: null,
        instanceId: owned.key.instanceId,
        generation: owned.key.generation,
        observation,
      });
      let snapshot: PtyTerminalSnapshot;
      try {
        snapshot = owned.session.terminalState();
      } catch (error) {
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
      }
    }
    return observations;
  }

  /** Stops every owned session's tree and waits for the reaps. Idempotent. */
  async dispose(): Promise<void> {
    const owned = [...this.#sessions.values()];
    this.#sessions.clear();
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
