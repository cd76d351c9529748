import type { EventSubscription, Gate4AgentHandle, Subscription } from '@gate4agent/handle';
import { MAX_SUBSCRIPTION_CAPACITY, SubscriberList } from '@gate4agent/handle';
import type {
  AgentId,
  AgentInstanceId,
  CommandId,
  ControlCommand,
  ControlEvent,
  Gate4AgentError,
  InputAction,
  OperatorGate,
  SessionGeneration,
  SessionSnapshot,
  SessionStatus,
  TerminalControl,
  TerminalFrame,
  TerminalSize,
} from '@gate4agent/types';
import { DEFAULT_AGENT_STOP_GRACE_MS, MAX_SESSION_FRAME_SUBSCRIBERS } from '../constants.js';
import { describeLines, describeStatus, endedStatus, isEnded } from './agent-exit-text.js';
import { AgentSessionError } from './agent-session-error.js';
import { currentFirst } from './current-first.js';
import { endInstance } from './end-instance.js';
import type { AgentExit, AgentStopOptions, WaitForOptions } from './launch-agent-options.js';
import type { ScreenMatcher } from './screen-matcher.js';
import { describeMatcher, lastScreenLines, screenMatches } from './screen-matcher.js';
import { SessionCommands } from './session-commands.js';
import { stopWithGrace } from './stop-with-grace.js';
import { timeoutSignal, untilChanged } from './until-changed.js';

/** @internal What a session needs from the runtime that launched it. */
export interface AgentSessionHost {
  readonly handle: Gate4AgentHandle;
  /** Calls `listener` after every published tick; returns the unsubscribe function. */
  onPublish(listener: () => void): () => void;
  /** Whether the runtime is being disposed (its PTYs are stopped; nothing more is published). */
  disposed(): boolean;
  /** A command id no other command of this runtime's sessions uses. */
  nextCommandId(): CommandId;
  /** Ends what the runtime keeps for a removed instance (its MCP launch); resolves once ended. */
  releaseInstance(instanceId: AgentInstanceId): Promise<void>;
}

/**
 * One agent CLI running in a PTY, driven through the runtime's control plane: the common case of
 * `NativeRuntime.launchAgent`. Every read is the latest published snapshot; every wait is settled
 * by the runtime's own publication (no polling); command ids are allocated inside and the host
 * driver needs no `wake()`. Dispose it (`await using`) to stop the agent and remove the session.
 *
 * A session follows one run: the session generation its launch started. When that run ends,
 * `exited` settles, `frames()` iterations end, and waits and inputs reject with `agent-exited`.
 * A later `start` of the same instance through the control handle is a new run the session does
 * not follow: its reads no longer show the instance (`snapshot` is `null`), its inputs are not
 * sent to it, and the `agent-exited` message names the newer generation. `dispose()` still ends
 * whatever run of its instance is live (stop, wait for the exit, then remove).
 */
export class AgentSession implements AsyncDisposable {
  /** The control-plane instance this session drives. */
  readonly instanceId: AgentInstanceId;
  /** The agent this session runs. */
  readonly agentId: AgentId;
  /**
   * Settles once this session's run has exited or failed, with its final status and screen (a
   * later run of the instance does not change it). Never rejects.
   */
  readonly exited: Promise<AgentExit>;
  readonly #host: AgentSessionHost;
  #events: EventSubscription;
  readonly #unsubscribe: () => void;
  readonly #frames = new SubscriberList<TerminalFrame>(MAX_SESSION_FRAME_SUBSCRIBERS);
  readonly #changed = new Set<() => void>();
  readonly #commands: SessionCommands;
  #snapshot: SessionSnapshot | null;
  /** Whether a publication has shown the instance: before its register is reduced it has no row. */
  #registered = false;
  /** The generation of the run this session follows, known once its `start` took effect. */
  #generation: SessionGeneration | null = null;
  #exit: AgentExit | null = null;
  #resolveExit!: (exit: AgentExit) => void;
  #inputs: Promise<unknown> = Promise.resolve();
  #closed: Promise<void> | null = null;

  /** @internal built by `NativeRuntime.launchAgent`. */
  constructor(host: AgentSessionHost, instanceId: AgentInstanceId, agentId: AgentId) {
    this.#host = host;
    this.#commands = new SessionCommands(host, agentId);
    this.instanceId = instanceId;
    this.agentId = agentId;
    this.exited = new Promise((resolve) => {
      this.#resolveExit = resolve;
    });
    this.#events = host.handle.subscribe(MAX_SUBSCRIPTION_CAPACITY);
    this.#snapshot = this.#row();
    this.#registered = this.#snapshot !== null;
    this.#unsubscribe = host.onPublish(() => this.#refresh());
  }

  /**
   * The latest published snapshot of this session's run (`null` once it was removed, or once the
   * instance runs a later generation started outside this session).
   */
  get snapshot(): SessionSnapshot | null {
    return this.#snapshot;
  }

  /** The session's lifecycle status (`exited` once it was removed; the final one once it ended). */
  get status(): SessionStatus {
    return this.#snapshot?.status ?? this.#exit?.status ?? { kind: 'exited', exitCode: null };
  }

  /** The generation of the running session (grants and tool requests are bound to it). */
  get generation(): SessionGeneration | null {
    return this.#snapshot?.generation ?? null;
  }

  /** The agent's process id while it runs. */
  get processId(): number | null {
    return this.#snapshot?.processId ?? null;
  }

  /** The latest terminal frame, or `null` before the first paint. */
  get frame(): TerminalFrame | null {
    return this.#snapshot?.terminalFrame ?? null;
  }

  /** The text of the latest frame (`''` before the first paint). */
  get screen(): string {
    return this.frame?.contents ?? this.#exit?.screen ?? '';
  }

  /** The dialog on screen that only a person should answer (trust, login, …), or `null`. */
  get operatorGate(): OperatorGate | null {
    return this.#snapshot?.operatorGate ?? null;
  }

  /**
   * Iterates the terminal frames as they are published, starting with the current one. Ends when
   * the session's run ends; leaving the loop early unsubscribes. An aborted `signal` rejects the
   * pending step with `signal.reason`.
   */
  frames(options: { readonly signal?: AbortSignal } = {}): AsyncIterableIterator<TerminalFrame> {
    const subscription: Subscription<TerminalFrame> = this.#frames.subscribe(
      MAX_SUBSCRIPTION_CAPACITY,
      this.#exit === null,
    );
    const current = this.frame;
    if (current === null) return subscription.values(options);
    return currentFirst(current, subscription.values(options), options.signal);
  }

  /**
   * Waits until the screen matches `matcher` (text it contains, a RegExp, or a predicate) and
   * resolves with the screen text. Rejects with `signal.reason` when aborted, a `TimeoutError`
   * after `timeoutMs`, and a `Gate4AgentError` `agent-exited` when the agent ends first.
   */
  async waitFor(matcher: ScreenMatcher, options: WaitForOptions = {}): Promise<string> {
    const { timeoutMs } = options;
    const wait = timeoutSignal(options.signal, timeoutMs, () => {
      const lines = describeLines(lastScreenLines(this.screen));
      return `the screen of agent ${this.agentId} did not show ${describeMatcher(matcher)} within ${timeoutMs} ms (${lines})`;
    });
    try {
      const frame = await untilChanged(this.#changed, wait.signal, () => {
        const current = this.frame;
        if (current !== null && screenMatches(matcher, current)) return current;
        if (this.#exit !== null) {
          throw this.#ended(`before the screen showed ${describeMatcher(matcher)}`);
        }
        return undefined;
      });
      return frame.contents;
    } finally {
      wait.clear();
    }
  }

  /** Types `text` (plain text, no control characters) and resolves once it was written. */
  type(text: string): Promise<void> {
    return this.#input({ kind: 'terminal-text', text });
  }

  /** Types `text` when given, then presses Enter; resolves once both were written. */
  async submit(text?: string): Promise<void> {
    if (text !== undefined && text.length > 0) await this.type(text);
    await this.press('enter');
  }

  /** Presses one named key or chord (`'enter'`, `'interrupt'`, `'arrow-up'`, …). */
  press(key: TerminalControl): Promise<void> {
    return this.#input({ kind: 'terminal-control', control: key });
  }

  /**
   * Writes `keys` as-is (`'1'`, `'\r'`, `'\u001b'`) as an `operator-keys` input: a person's answer
   * to the operator gate on screen (trust, login, … dialog), the one input besides raw terminal
   * input accepted while a gate shows. Resolves once the keys were written.
   */
  answerOperatorGate(keys: string): Promise<void> {
    return this.#input({ kind: 'operator-keys', keys });
  }

  /** Resizes the PTY and resolves once the agent's terminal has the new size. */
  resize(size: TerminalSize): Promise<void> {
    return this.#send({ kind: 'resize', instanceId: this.instanceId, size }, (event) => {
      if (event.kind === 'resized') return true;
      if (event.kind === 'resize-failed') {
        throw AgentSessionError.resizeFailed(this.agentId, size.rows, size.columns, event.message);
      }
      return false;
    });
  }

  /**
   * Stops the agent (its whole process tree) and resolves with how it ended: a cooperative stop
   * first, then a forced one when it has not exited after `graceMs`. Idempotent. Once this
   * session's run has ended it resolves with that end and stops nothing (not a later run of the
   * instance; `dispose()` ends that one).
   */
  async stop(options: AgentStopOptions = {}): Promise<AgentExit> {
    if (this.#exit !== null) return this.#exit;
    if (this.#snapshot === null || this.#snapshot.status.kind === 'registered') {
      // Never started (or already removed): nothing runs, so nothing can exit.
      this.#end({ kind: 'exited', exitCode: null }, '');
      return this.exited;
    }
    await stopWithGrace(
      (force) => this.#commands.dispatch({ kind: 'stop', instanceId: this.instanceId, force }),
      this.exited,
      options.graceMs ?? DEFAULT_AGENT_STOP_GRACE_MS,
    );
    return this.exited;
  }

  /**
   * Ends whatever run of the instance is live, removes the session and lets go of the runtime:
   * this session's run is stopped as {@link stop} does; a later run started through the control
   * handle is stopped the same way; once the instance has exited it is removed and its MCP
   * attachment (a launch with `mcp: true`) ended. Commands the session queued are reduced first.
   * Idempotent: every call (and `Symbol.asyncDispose`) shares the one disposal. Resolves once the
   * removal is published and the MCP attachment has ended (by the host driver `launchAgent`
   * started; after `runtime.dispose()` at once, the runtime's disposal ends attachments), and
   * rejects with `command-rejected` when the engine refuses it (the instance was started again
   * meanwhile).
   */
  dispose(): Promise<void> {
    this.#closed ??= (async () => {
      try {
        await this.#endInstance();
      } finally {
        this.#unsubscribe();
        this.#events.close();
        this.#frames.clear();
      }
    })();
    return this.#closed;
  }

  /** Same as {@link dispose}, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }

  /** See `endInstance`: this session's run first (as {@link stop}), then any later live run. */
  #endInstance(): Promise<void> {
    return endInstance({
      row: () => this.#row(),
      changed: this.#changed,
      disposed: () => this.#host.disposed(),
      settled: () => this.#commands.settled(),
      ended: () => this.#exit !== null,
      stopOwnRun: () => this.stop(),
      release: () => this.#host.releaseInstance(this.instanceId),
      stop: (force) =>
        this.#commands.dispatch({ kind: 'stop', instanceId: this.instanceId, force }),
      remove: () =>
        this.#commands.dispatchWatched({ kind: 'remove', instanceId: this.instanceId }, undefined),
    });
  }

  /** @internal starts the session: register, start, then wait until the agent runs. */
  async launch(
    start: Extract<ControlCommand, { kind: 'start' }>,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    await this.#send(
      { kind: 'register', instanceId: this.instanceId, agentId: this.agentId, transport: 'pty' },
      (event) => event.kind === 'registered',
      signal,
    );
    const watched = this.#commands.dispatchWatched(start, signal);
    try {
      await untilChanged(this.#changed, signal, () => {
        const rejected = watched.rejection();
        if (rejected !== null) throw rejected;
        const row = this.#snapshot;
        if (row?.status.kind === 'running' && row.processId !== null) return row;
        if (this.#exit !== null) throw this.#ended('while starting');
        return undefined;
      });
    } finally {
      watched.release();
    }
  }

  #row(): SessionSnapshot | null {
    const sessions = this.#host.handle.snapshot().sessions;
    return sessions.find((session) => session.instanceId === this.instanceId) ?? null;
  }

  /** On every publication: route events, take the new row, publish a new frame, settle waits. */
  #refresh(): void {
    let next = this.#events.tryRecv();
    for (; next.ok; next = this.#events.tryRecv()) {
      if (next.value.instanceId !== this.instanceId) continue;
      this.#commands.route(next.value);
    }
    if (next.error.kind === 'disconnected' && this.#exit === null) {
      // Over a full subscription's worth of events in one tick: read on from a fresh one.
      this.#events = this.#host.handle.subscribe(MAX_SUBSCRIPTION_CAPACITY);
      this.#commands.forgetInFlight();
    }
    const previous = this.#snapshot;
    const live = this.#row();
    if (live !== null) this.#registered = true;
    if (this.#generation === null && live !== null && live.status.kind !== 'registered') {
      this.#generation = live.generation;
    }
    // A later generation of the instance is another run: this session's run has ended.
    const row = this.#laterRun(live) ? null : live;
    this.#snapshot = row;
    const frame = row?.terminalFrame ?? null;
    if (frame !== null && frame.sequence !== previous?.terminalFrame?.sequence) {
      this.#frames.publishOne(frame);
    }
    const status = row?.status ?? null;
    if (this.#exit === null && this.#host.disposed()) {
      const screen = (row ?? previous)?.terminalFrame?.contents ?? '';
      this.#end(
        { kind: 'failed', message: 'the runtime was disposed while the agent ran' },
        screen,
      );
    }
    // No row before the register was reduced (a backlog of commands) is not an end.
    const gone = status === null && this.#registered;
    if (this.#exit === null && (gone || (status !== null && isEnded(status)))) {
      const screen = (row ?? previous)?.terminalFrame?.contents ?? '';
      const final = status !== null && isEnded(status) ? status : endedStatus(previous?.status);
      this.#end(final, screen);
    }
    for (const changed of [...this.#changed]) changed();
  }

  /** Whether `row` belongs to a run of the instance started after this session's own. */
  #laterRun(row: SessionSnapshot | null): boolean {
    return row !== null && this.#generation !== null && row.generation !== this.#generation;
  }

  #end(status: AgentExit['status'], screen: string): void {
    this.#exit = { status, screen, lastLines: lastScreenLines(screen) };
    this.#resolveExit(this.#exit);
    this.#frames.clear();
    for (const changed of [...this.#changed]) changed();
  }

  /** Sends one input after the previous one finished: the engine takes one input at a time. */
  #input(action: InputAction): Promise<void> {
    const run = this.#inputs.then(() =>
      this.#send({ kind: 'send-input', instanceId: this.instanceId, action }, (event) => {
        if (event.kind === 'input-completed') return true;
        if (event.kind === 'input-failed') {
          throw AgentSessionError.inputFailed(this.agentId, action.kind, event.message);
        }
        return false;
      }),
    );
    this.#inputs = run.catch(() => undefined);
    return run;
  }

  /**
   * Dispatches `command` and resolves once `done` accepts one of this session's events; rejects
   * when `done` throws, the command is rejected, or the agent ends first.
   */
  async #send(
    command: ControlCommand,
    done: (event: ControlEvent['event']) => boolean,
    signal?: AbortSignal,
  ): Promise<void> {
    // Never reaches a later run of the instance: this session's own run has ended.
    if (this.#exit !== null) throw this.#ended(`before its ${command.kind} command was sent`);
    let finished = false;
    let failure: unknown = null;
    const watched = this.#commands.dispatchWatched(command, signal, (event) => {
      if (finished || failure !== null) return;
      try {
        finished = done(event.event);
      } catch (error) {
        failure = error;
      }
    });
    try {
      await untilChanged(this.#changed, signal, () => {
        if (failure !== null) throw failure;
        if (finished) return true;
        const rejected = watched.rejection();
        if (rejected !== null) throw rejected;
        if (this.#exit !== null)
          throw this.#ended(`before its ${command.kind} command took effect`);
        return undefined;
      });
    } finally {
      watched.release();
    }
  }

  #ended(when: string): Gate4AgentError {
    const exit = this.#exit;
    const status = exit === null ? 'ended' : describeStatus(exit.status);
    const screen = describeLines(exit?.lastLines ?? []);
    const later = this.#row();
    const after = this.#laterRun(later)
      ? `${when}; instance ${this.instanceId} now runs generation ${later?.generation}, started outside this session, which follows only its own run (generation ${this.#generation})`
      : when;
    return AgentSessionError.agentExited(this.agentId, status, after, screen);
  }
}
