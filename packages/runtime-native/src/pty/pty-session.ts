import { statSync } from 'node:fs';
import type { AgentId, PreparedInput, Result } from '@gate4agent/types';
import { err, Gate4AgentError, ok } from '@gate4agent/types';
import type { IPty } from 'node-pty';
import { PTY_EXIT_QUIET, PTY_SHUTDOWN_TIMEOUT } from '../constants.js';
import { loadPtyAddon } from './pty-addon.js';
import { type PtyExit, ptyExitCode } from './pty-exit.js';
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
  readonly termination: ProcessTreeTermination | null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One agent running in a real pseudo-terminal (node-pty, raw bytes) with its screen kept by
 * `TerminalScreen`. The reader is finished once the child has exited and its output has been
 * quiet for {@link PTY_EXIT_QUIET}.
 */
export class PtySession implements AsyncDisposable {
  readonly agentId: AgentId;
  readonly pid: number;
  readonly screen: TerminalScreen;
  readonly #pty: IPty;
  readonly #now: () => number;
  #exit: PtyExit | null = null;
  #exitAt = 0;
  #lastDataAt: number;
  readonly #exitWaiters: (() => void)[] = [];
  readonly #outputListeners = new Set<() => void>();
  #shutdown: Promise<Result<PtyShutdownOutcome, string>> | null = null;

  private constructor(options: PtySpawnOptions, child: IPty, now: () => number) {
    this.agentId = options.agentId;
    this.pid = child.pid;
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
      for (const listener of [...this.#outputListeners]) listener();
    });
    child.onExit(({ exitCode, signal }) => {
      this.#exit = { exitCode, signal: signal ?? null };
      this.#exitAt = this.#now();
      for (const waiter of this.#exitWaiters.splice(0)) waiter();
    });
  }

  /** Forks `options.program` in a new PTY of the requested size. */
  static spawn(options: PtySpawnOptions): Result<PtySession, string> {
    try {
      if (!statSync(options.cwd).isDirectory()) {
        return err(`working directory '${options.cwd}' is not a directory`);
      }
    } catch {
      return err(`working directory '${options.cwd}' does not exist`);
    }
    try {
      const child = loadPtyAddon().spawn(options.program, [...options.args], {
        name: 'xterm-256color',
        cols: options.columns,
        rows: options.rows,
        cwd: options.cwd,
        env: { ...options.env },
        encoding: null,
      });
      return ok(new PtySession(options, child, options.now ?? (() => performance.now())));
    } catch (error) {
      if (error instanceof Gate4AgentError) return err(error.message);
      return err(`failed to spawn PTY agent '${options.program}': ${String(error)}`);
    }
  }

  /** Whether the child has been reaped. */
  exited(): boolean {
    return this.#exit !== null;
  }

  /** The child has exited and its output went quiet: nothing more will reach the screen. */
  readerFinished(): boolean {
    if (this.#exit === null) return false;
    if (this.screen.appliedSequence < this.screen.publishedSequence) return false;
    return this.#now() - Math.max(this.#exitAt, this.#lastDataAt) >= PTY_EXIT_QUIET;
  }

  /** Calls `listener` after each chunk of output until the returned function is called. */
  onOutput(listener: () => void): () => void {
    this.#outputListeners.add(listener);
    return () => this.#outputListeners.delete(listener);
  }

  /** The screen as applied so far. */
  terminalState(): PtyTerminalSnapshot {
    return this.screen.snapshot();
  }

  /** Writes raw bytes to the PTY. */
  write(bytes: Uint8Array): Result<void, string> {
    if (this.#exit !== null || this.#shutdown !== null) return err('PTY session has exited');
    try {
      this.#pty.write(Buffer.from(bytes));
      return ok();
    } catch (error) {
      return err(`PTY write failed: ${String(error)}`);
    }
  }

  /** Writes a prepared input write by write, waiting each write's `delayBeforeMs` first. */
  async writePrepared(input: PreparedInput): Promise<Result<void, string>> {
    for (const write of input.writes) {
      if (write.delayBeforeMs > 0) await sleep(write.delayBeforeMs);
      const written = this.write(write.bytes);
      if (!written.ok) return written;
    }
    return ok();
  }

  /** Resizes the PTY (node-pty takes columns first) and, in order with output, the screen. */
  resize(rows: number, columns: number): Result<void, string> {
    if (this.#exit !== null) return err('PTY session has exited');
    try {
      this.#pty.resize(columns, rows);
      this.screen.resize(rows, columns);
      return ok();
    } catch (error) {
      return err(`PTY resize failed: ${String(error)}`);
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
   * Stops the tree when the child still runs (SIGTERM, root SIGKILL, grace, identity-checked
   * SIGKILL), waits for the reap and the quiet reader, and takes the final snapshot. Idempotent:
   * later calls return the first outcome.
   */
  shutdown(): Promise<Result<PtyShutdownOutcome, string>> {
    this.#shutdown ??= this.#runShutdown();
    return this.#shutdown;
  }

  async #runShutdown(): Promise<Result<PtyShutdownOutcome, string>> {
    const deadline = this.#now() + PTY_SHUTDOWN_TIMEOUT;
    let termination: ProcessTreeTermination | null = null;
    if (this.#exit === null) {
      termination = await stopProcessTree({
        pid: this.pid,
        killRoot: () => {
          try {
            this.#pty.kill('SIGKILL');
            return true;
          } catch {
            return false;
          }
        },
        exited: () => this.#exit !== null,
      });
    }
    const reaped = await this.#waitExit(Math.max(0, deadline - this.#now()));
    if (!reaped) return err(`PTY child ${this.pid} was not reaped after its tree was stopped`);
    while (!this.readerFinished() && this.#now() < deadline) {
      await sleep(Math.min(PTY_EXIT_QUIET, Math.max(1, deadline - this.#now())));
    }
    await this.screen.flushed();
    const terminal = this.screen.snapshot();
    const exit = this.#exit as PtyExit | null;
    return ok({ exitCode: exit === null ? null : ptyExitCode(exit), terminal, termination });
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.shutdown();
  }

  /**
   * Best-effort synchronous teardown for owners that cannot await: SIGKILL the PTY's process
   * group and the root. Use `shutdown()` to prove the reap.
   */
  dispose(): void {
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
