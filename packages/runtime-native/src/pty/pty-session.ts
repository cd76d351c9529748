import { statSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { KillDomain } from '@gate4agent/process';
import type { AgentId, PreparedInput, Result } from '@gate4agent/types';
import { err, Gate4AgentError, ok } from '@gate4agent/types';
import type { IPty } from 'node-pty';
import { PTY_DESCENDANT_GRACE, PTY_EXIT_QUIET, PTY_SHUTDOWN_TIMEOUT } from '../constants.js';
import { loadPtyAddon } from './pty-addon.js';
import { type PtyExit, ptyExitCode } from './pty-exit.js';
import { PtySessionError } from './pty-session-error.js';
import type { PtyTerminalSnapshot } from './pty-terminal-snapshot.js';
import { type ProcessTreeTermination, stopProcessTree } from './stop-process-tree.js';
import { TerminalScreen } from './terminal-screen.js';

/** What to run in a new PTY: an executable and its argv (never a shell line). */
export interface PtySpawnOptions {
  readonly agentId: AgentId;
  readonly program: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly rows: number;
  readonly columns: number;
  /** Session generation, copied into terminal snapshots. */
  readonly generation: number;
  /** Agent spec revision, copied into terminal snapshots. */
  readonly providerRevision: string;
  readonly now?: () => number;
}

/** How a shutdown ended. */
export interface PtyShutdownOutcome {
  readonly exitCode: number | null;
  readonly terminal: PtyTerminalSnapshot;
  /** Set when a live tree had to be terminated. */
  /**
   * What stopping the session's kill domain did: `null` only when the agent had exited and
   * nothing of its domain was left.
   */
  readonly termination: ProcessTreeTermination | null;
}

/** Options of {@link PtySession.shutdown}. */
export interface PtyShutdownOptions {
  /** SIGTERM → SIGKILL grace for the kill domain, in ms. Default {@link PTY_DESCENDANT_GRACE}. */
  readonly graceMs?: number;
}

/**
 * One agent running in a real pseudo-terminal (node-pty, raw bytes) with its screen kept by
 * `TerminalScreen`. The reader is finished once the child has exited and its output has been
 * quiet for {@link PTY_EXIT_QUIET}.
 */
export class PtySession implements AsyncDisposable {
  readonly agentId: AgentId;
  readonly pid: number;
  /**
   * The session's kill domain: every process the agent starts inherits its marker
   * (`GATE4AGENT_KILL_DOMAIN=<token>`), so a stop finds it even after `setsid` or a double fork.
   */
  readonly killDomain: KillDomain;
  readonly screen: TerminalScreen;
  readonly #pty: IPty;
  readonly #now: () => number;
  #exit: PtyExit | null = null;
  #exitAt = 0;
  #lastDataAt: number;
  readonly #exitWaiters: (() => void)[] = [];
  readonly #outputListeners = new Set<() => void>();
  readonly #exitListeners = new Set<() => void>();
  #shutdown: Promise<Result<PtyShutdownOutcome, PtySessionError>> | null = null;
  #readyOnce = false;

  private constructor(
    options: PtySpawnOptions,
    child: IPty,
    killDomain: KillDomain,
    now: () => number,
  ) {
    this.agentId = options.agentId;
    this.pid = child.pid;
    this.killDomain = killDomain;
    this.#pty = child;
    this.#now = now;
    this.#lastDataAt = now();
    this.screen = new TerminalScreen(
      options.rows,
      options.columns,
      {
        ptyId: `pty-${child.pid}`,
        providerRevision: options.providerRevision,
        generation: options.generation,
      },
      now,
    );
    child.onData((data) => {
      this.#lastDataAt = this.#now();
      this.screen.write(typeof data === 'string' ? new TextEncoder().encode(data) : data);
      for (const listener of this.#outputListeners) listener();
    });
    child.onExit(({ exitCode, signal }) => {
      this.#exit = { exitCode, signal: signal ?? null };
      this.#exitAt = this.#now();
      for (const waiter of this.#exitWaiters.splice(0)) waiter();
      for (const listener of [...this.#exitListeners]) listener();
    });
  }

  /**
   * Forks `options.program` in a new PTY of the requested size, with `options.env` plus the
   * session's kill-domain marker (`GATE4AGENT_KILL_DOMAIN`).
   */
  static spawn(options: PtySpawnOptions): Result<PtySession, PtySessionError> {
    try {
      if (!statSync(options.cwd).isDirectory()) {
        return err(PtySessionError.cwdNotDirectory(options.cwd));
      }
    } catch {
      return err(PtySessionError.cwdMissing(options.cwd));
    }
    const killDomain = KillDomain.create();
    try {
      const child = loadPtyAddon().spawn(options.program, [...options.args], {
        name: 'xterm-256color',
        cols: options.columns,
        rows: options.rows,
        cwd: options.cwd,
        env: { ...options.env, ...killDomain.env },
        encoding: null,
      });
      killDomain.adopt(child.pid);
      const now = options.now ?? (() => performance.now());
      return ok(new PtySession(options, child, killDomain, now));
    } catch (error) {
      if (error instanceof Gate4AgentError)
        return err(PtySessionError.addonUnavailable(error.message));
      return err(PtySessionError.spawnFailed(options.program, error));
    }
  }

  /** Whether semantic input has found the agent ready with no dialog (its start-up is over). */
  get readyOnce(): boolean {
    return this.#readyOnce;
  }

  /** Records that the agent has been ready once; start-up dialogs are then behind it. */
  markReady(): void {
    this.#readyOnce = true;
  }

  /** Whether the child has been reaped. */
  exited(): boolean {
    return this.#exit !== null;
  }

  /** The child has exited and its output went quiet: nothing more will reach the screen. */
  readerFinished(): boolean {
    const at = this.readerFinishesAt();
    return at !== null && this.#now() >= at;
  }

  /**
   * When the reader finishes unless more output comes: {@link PTY_EXIT_QUIET} after the exit and
   * the last output. `null` while the child runs or output still waits to be applied (both end
   * with an event: the exit listeners, the screen's applied listeners).
   */
  readerFinishesAt(): number | null {
    if (this.#exit === null) return null;
    if (this.screen.appliedSequence < this.screen.publishedSequence) return null;
    return Math.max(this.#exitAt, this.#lastDataAt) + PTY_EXIT_QUIET;
  }

  /** Calls `listener` once the child has exited, until the returned function is called. */
  onExited(listener: () => void): () => void {
    this.#exitListeners.add(listener);
    return () => this.#exitListeners.delete(listener);
  }

  /** Calls `listener` after each chunk of output until the returned function is called. */
  onOutput(listener: () => void): () => void {
    this.#outputListeners.add(listener);
    return () => this.#outputListeners.delete(listener);
  }

  /** The screen as applied so far; after a successful `shutdown()`, its final state. */
  terminalState(): PtyTerminalSnapshot {
    return this.screen.snapshot();
  }

  /** Writes raw bytes to the PTY. */
  write(bytes: Uint8Array): Result<void, PtySessionError> {
    if (this.#exit !== null || this.#shutdown !== null) {
      return err(PtySessionError.sessionExited(this.pid, 'write'));
    }
    try {
      this.#pty.write(Buffer.from(bytes));
      return ok();
    } catch (error) {
      return err(PtySessionError.writeFailed(this.pid, error));
    }
  }

  /** Writes a prepared input write by write, waiting each write's `delayBeforeMs` first. */
  async writePrepared(input: PreparedInput): Promise<Result<void, PtySessionError>> {
    for (const write of input.writes) {
      if (write.delayBeforeMs > 0) await delay(write.delayBeforeMs);
      const written = this.write(write.bytes);
      if (!written.ok) return written;
    }
    return ok();
  }

  /** Resizes the PTY (node-pty takes columns first) and, in order with output, the screen. */
  resize(rows: number, columns: number): Result<void, PtySessionError> {
    if (this.#exit !== null) return err(PtySessionError.sessionExited(this.pid, 'resize'));
    try {
      this.#pty.resize(columns, rows);
      this.screen.resize(rows, columns);
      return ok();
    } catch (error) {
      return err(PtySessionError.resizeFailed(this.pid, rows, columns, error));
    }
  }

  #waitExit(timeoutMs: number): Promise<boolean> {
    if (this.#exit !== null) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.#exitWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /**
   * Stops the session's whole kill domain (SIGTERM to every member, up to `graceMs` for them to
   * go, SIGKILL to the rest; after a natural exit only the rest of the domain is left to stop),
   * waits for the reap and the quiet reader, and takes the final snapshot. Fails, naming them,
   * when processes of the domain outlived SIGKILL. Idempotent: later calls return the first
   * outcome.
   */
  shutdown(options: PtyShutdownOptions = {}): Promise<Result<PtyShutdownOutcome, PtySessionError>> {
    this.#shutdown ??= this.#runShutdown(options.graceMs ?? PTY_DESCENDANT_GRACE);
    return this.#shutdown;
  }

  async #runShutdown(graceMs: number): Promise<Result<PtyShutdownOutcome, PtySessionError>> {
    let termination: ProcessTreeTermination | null = await stopProcessTree(
      {
        pid: this.pid,
        domain: this.killDomain,
        signalRoot: (signal) => {
          if (this.#exit !== null) return false;
          try {
            this.#pty.kill(signal);
            return true;
          } catch {
            return false;
          }
        },
        exited: () => this.#exit !== null,
      },
      graceMs,
    );
    if (termination.members.length === 0 && termination.degradedReason === null) termination = null;
    if (termination !== null && termination.survivors.length > 0) {
      return err(
        PtySessionError.stopFailed(
          this.pid,
          termination.survivors.map((survivor) => survivor.message),
        ),
      );
    }
    const deadline = this.#now() + PTY_SHUTDOWN_TIMEOUT;
    const reaped = await this.#waitExit(Math.max(0, deadline - this.#now()));
    if (!reaped) return err(PtySessionError.notReaped(this.pid));
    // Sleep exactly until the reader finishes; output after the exit moves that time on.
    while (!this.readerFinished() && this.#now() < deadline) {
      const finishesAt = this.readerFinishesAt() ?? this.#now() + PTY_EXIT_QUIET;
      await delay(Math.max(1, Math.min(finishesAt, deadline) - this.#now()));
    }
    await this.screen.flushed();
    const terminal = this.screen.snapshot();
    // The session is over and its last frame taken: release xterm now rather than at GC. Later
    // `terminalState()` calls get this final snapshot.
    this.screen.dispose();
    const exit = this.#exit as PtyExit | null;
    return ok({ exitCode: exit === null ? null : ptyExitCode(exit), terminal, termination });
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.shutdown();
  }

  /**
   * Best-effort synchronous teardown for owners that cannot await: SIGKILL every process of the
   * kill domain, the PTY's process group and the root, and release the screen (xterm) as
   * `shutdown()` does, keeping the state applied so far as its final snapshot. Use `shutdown()`
   * to prove the reap. Idempotent.
   */
  dispose(): void {
    this.killDomain.killSync();
    this.screen.dispose();
    if (this.#exit !== null) return;
    try {
      if (process.platform !== 'win32') process.kill(-this.pid, 'SIGKILL');
    } catch {
      // The group is already gone.
    }
    try {
      this.#pty.kill('SIGKILL');
    } catch {
      // The root is already gone.
    }
  }
}
