import { SubscriberList } from '@gate4agent/handle';
import type {
  AgentExit,
  AgentStopOptions,
  ScreenMatcher,
  WaitForOptions,
} from '@gate4agent/runtime-native';
import {
  type AgentId,
  type AgentInstanceId,
  Gate4AgentError,
  type OperatorGate,
  type SessionGeneration,
  type SessionSnapshot,
  type SessionStatus,
  type TerminalControl,
  type TerminalFrame,
  type TerminalSize,
} from '@gate4agent/types';
import { FLEET_SESSION_FRAME_SUBSCRIBERS, FLEET_SUBSCRIPTION_CAPACITY } from '../constants.js';
import { FleetError } from '../fleet-error.js';
import type { FleetCommand } from '../wire/fleet-command.js';
import { AgentExitReplyCodec } from '../wire/fleet-replies.js';
import { waitChanged } from './session-wait.js';

/** @internal How a fleet session reaches its host. */
export interface FleetSessionLink {
  command(hostId: string, command: FleetCommand): Promise<unknown>;
  /** Called once the session was removed on its host (or its host was lost). */
  release(hostId: string, instanceId: number): void;
}

/** How a session of a lost host ended: the host id and what happened. */
export interface HostLost {
  readonly kind: 'host-lost';
  readonly hostId: string;
  readonly message: string;
}

const ENDED = new Set(['exited', 'failed']);

function matches(matcher: ScreenMatcher, frame: TerminalFrame): boolean {
  if (typeof matcher === 'string') return frame.contents.includes(matcher);
  if (matcher instanceof RegExp) {
    matcher.lastIndex = 0;
    return matcher.test(frame.contents);
  }
  return matcher(frame.contents, frame);
}

function lastLines(screen: string): string[] {
  const lines = screen
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '');
  return lines.slice(-5);
}

/**
 * One agent session running on a fleet host, with the API of the local `AgentSession`: every
 * read is the latest status and frame the host published, every wait is settled by the host's
 * events (no polling). When the host is lost, the session ends with status `failed`
 * (`host-lost: …`), {@link hostLost} says so, and pending waits reject with `host-lost`.
 */
export class FleetSession implements AsyncDisposable {
  /** The host that runs this session. */
  readonly hostId: string;
  /** The session's instance id on its host. */
  readonly instanceId: AgentInstanceId;
  /** The agent this session runs. */
  readonly agentId: AgentId;
  /** Settles once the agent has exited, failed, or its host was lost. Never rejects. */
  readonly exited: Promise<AgentExit>;
  readonly #link: FleetSessionLink;
  readonly #changed = new Set<() => void>();
  readonly #frames = new SubscriberList<TerminalFrame>(FLEET_SESSION_FRAME_SUBSCRIBERS);
  #snapshot: SessionSnapshot | null;
  #frame: TerminalFrame | null = null;
  #exit: AgentExit | null = null;
  #hostLost: HostLost | null = null;
  #resolveExit!: (exit: AgentExit) => void;
  #closed: Promise<void> | null = null;

  /** @internal built by `FleetClient.launchAgent`. */
  constructor(link: FleetSessionLink, hostId: string, agentId: AgentId, snapshot: SessionSnapshot) {
    this.#link = link;
    this.hostId = hostId;
    this.agentId = agentId;
    this.instanceId = snapshot.instanceId;
    this.#snapshot = snapshot;
    this.exited = new Promise((resolve) => {
      this.#resolveExit = resolve;
    });
  }

  /** The latest snapshot the host published (without its frame: see {@link frame}). */
  get snapshot(): SessionSnapshot | null {
    return this.#snapshot === null ? null : { ...this.#snapshot, terminalFrame: this.#frame };
  }

  /** The session's status (`failed` with a `host-lost: …` message once its host was lost). */
  get status(): SessionStatus {
    return this.#exit?.status ?? this.#snapshot?.status ?? { kind: 'exited', exitCode: null };
  }

  /** Set once the session's host was lost. */
  get hostLost(): HostLost | null {
    return this.#hostLost;
  }

  /** The generation of the running session. */
  get generation(): SessionGeneration | null {
    return this.#snapshot?.generation ?? null;
  }

  /** The agent's process id on its host while it runs. */
  get processId(): number | null {
    return this.#snapshot?.processId ?? null;
  }

  /** The latest terminal frame received (frames are rate-limited by the host). */
  get frame(): TerminalFrame | null {
    return this.#frame;
  }

  /** The text of the latest frame. */
  get screen(): string {
    return this.#frame?.contents ?? this.#exit?.screen ?? '';
  }

  /** The dialog on screen that only a person should answer, or `null`. */
  get operatorGate(): OperatorGate | null {
    return this.#snapshot?.operatorGate ?? null;
  }

  /** Iterates the frames as they arrive, the current one first; ends when the session ends. */
  frames(options: { readonly signal?: AbortSignal } = {}): AsyncIterableIterator<TerminalFrame> {
    const subscription = this.#frames.subscribe(FLEET_SUBSCRIPTION_CAPACITY, this.#exit === null);
    const rest = subscription.values(options);
    const current = this.#frame;
    if (current === null) return rest;
    let first = true;
    return {
      next: async () => {
        if (!first) return rest.next();
        first = false;
        options.signal?.throwIfAborted();
        return { done: false, value: current };
      },
      return: async () => rest.return?.() ?? { done: true, value: undefined },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }

  /** Waits until the screen matches `matcher` and resolves with the screen text. */
  async waitFor(matcher: ScreenMatcher, options: WaitForOptions = {}): Promise<string> {
    const frame = await waitChanged(
      this.#changed,
      options,
      () =>
        `the screen of agent ${this.agentId} on host ${this.hostId} did not show the expected text within ${options.timeoutMs} ms (last lines: ${lastLines(this.screen).join(' | ')})`,
      () => {
        const current = this.#frame;
        if (current !== null && matches(matcher, current)) return current;
        if (this.#exit !== null) throw this.#ended('before the screen matched');
        return undefined;
      },
    );
    return frame.contents;
  }

  /** Types `text` and resolves once the host's PTY took it. */
  async type(text: string): Promise<void> {
    await this.#command({ op: 'type', instanceId: this.instanceId, text });
  }

  /** Types `text` when given, then presses Enter. */
  async submit(text?: string): Promise<void> {
    if (text !== undefined && text.length > 0) await this.type(text);
    await this.press('enter');
  }

  /** Presses one named key or chord. */
  async press(key: TerminalControl): Promise<void> {
    await this.#command({ op: 'press', instanceId: this.instanceId, key });
  }

  /** Resizes the PTY. */
  async resize(size: TerminalSize): Promise<void> {
    await this.#command({ op: 'resize', instanceId: this.instanceId, size });
  }

  /** Stops the agent on its host and resolves with how it ended. Idempotent. */
  async stop(options: AgentStopOptions = {}): Promise<AgentExit> {
    if (this.#exit !== null) return this.#exit;
    const reply = AgentExitReplyCodec.decode(
      await this.#command({
        op: 'stop',
        instanceId: this.instanceId,
        graceMs: options.graceMs ?? null,
      }),
    );
    if (!reply.ok) throw FleetError.invalidCommand(this.hostId, reply.error.message);
    const { status } = reply.value;
    if (status.kind === 'exited' || status.kind === 'failed') this.#end(status, reply.value.screen);
    return this.exited;
  }

  /** Stops the agent if it runs, removes the session on its host and lets go. Idempotent. */
  dispose(): Promise<void> {
    this.#closed ??= (async () => {
      try {
        if (this.#hostLost === null) {
          await this.stop();
          await this.#command({ op: 'remove', instanceId: this.instanceId });
        }
      } finally {
        this.#frames.clear();
        this.#link.release(this.hostId, this.instanceId);
      }
    })();
    return this.#closed;
  }

  /** Same as {@link dispose}, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }

  /** @internal A status event from the host (`null`: removed). */
  applyStatus(session: SessionSnapshot | null): void {
    if (this.#hostLost !== null) return;
    this.#snapshot = session;
    const status = session?.status ?? null;
    if (this.#exit === null && (status === null || ENDED.has(status.kind))) {
      const final =
        status !== null && (status.kind === 'exited' || status.kind === 'failed')
          ? status
          : ({ kind: 'exited', exitCode: null } as const);
      this.#end(final, this.screen);
    }
    this.#notify();
  }

  /** @internal A frame from the host; an older frame than the current one is dropped. */
  applyFrame(frame: TerminalFrame): void {
    if (this.#hostLost !== null) return;
    if (this.#frame !== null && frame.sequence <= this.#frame.sequence) return;
    this.#frame = frame;
    this.#frames.publishOne(frame);
    this.#notify();
  }

  /** @internal The host was lost: end the session once, as `host-lost`. */
  markHostLost(error: Gate4AgentError): void {
    if (this.#hostLost !== null) return;
    this.#hostLost = { kind: 'host-lost', hostId: this.hostId, message: error.message };
    if (this.#exit === null) this.#end({ kind: 'failed', message: error.message }, this.screen);
    this.#notify();
  }

  #end(status: AgentExit['status'], screen: string): void {
    if (this.#exit !== null) return;
    this.#exit = { status, screen, lastLines: lastLines(screen) };
    this.#resolveExit(this.#exit);
    this.#frames.clear();
  }

  #notify(): void {
    for (const changed of [...this.#changed]) changed();
  }

  #command(command: FleetCommand): Promise<unknown> {
    if (this.#hostLost !== null) {
      return Promise.reject(new Gate4AgentError('host-lost', this.#hostLost.message));
    }
    return this.#link.command(this.hostId, command);
  }

  #ended(when: string): Gate4AgentError {
    if (this.#hostLost !== null) return new Gate4AgentError('host-lost', this.#hostLost.message);
    const status = this.#exit?.status;
    const described =
      status?.kind === 'failed'
        ? `failed (${status.message})`
        : `exited (code ${status?.exitCode ?? 'none'})`;
    return new Gate4AgentError(
      'agent-exited',
      `agent ${this.agentId} on host ${this.hostId} ${described} ${when}; read session.exited for how it ended and launch it again`,
    );
  }
}
