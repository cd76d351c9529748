import type { Gate4AgentHandle } from '@gate4agent/handle';
import type {
  AgentId,
  CommandId,
  ControlCommand,
  ControlEvent,
  Gate4AgentError,
} from '@gate4agent/types';
import { AgentSessionError } from './agent-session-error.js';

/** Receives one of the session's control events. */
export type EventHandler = (event: ControlEvent) => void;

/** A dispatched command whose rejection is watched until `release()`. */
export interface WatchedCommand {
  /** The engine's refusal of the command, once one was published. */
  rejection(): Gate4AgentError | null;
  /** Stops watching. */
  release(): void;
}

/**
 * Sends one `AgentSession`'s commands through the control handle, with fresh command ids, and
 * routes the session's control events to whoever watches them.
 */
export class SessionCommands {
  readonly #handlers = new Set<EventHandler>();
  /** Commands sent whose first event (its effect or its rejection) has not been routed yet. */
  readonly #inFlight = new Set<CommandId>();
  readonly #host: { readonly handle: Gate4AgentHandle; nextCommandId(): CommandId };
  readonly #agentId: AgentId;

  constructor(
    host: { readonly handle: Gate4AgentHandle; nextCommandId(): CommandId },
    agentId: AgentId,
  ) {
    this.#host = host;
    this.#agentId = agentId;
  }

  /** Hands one of the session's events to every watcher; the command it answers is settled. */
  route(event: ControlEvent): void {
    if (event.commandId !== null) this.#inFlight.delete(event.commandId);
    for (const handler of [...this.#handlers]) handler(event);
  }

  /**
   * Whether the engine has reduced every command sent so far: each reduced command publishes an
   * event of its instance with its id (what it did, or `command-rejected`), so a command without
   * one is still queued and will take effect later.
   */
  settled(): boolean {
    return this.#inFlight.size === 0;
  }

  /**
   * Forgets the commands in flight: the session's event subscription overflowed, so the events
   * that would settle them may be lost.
   */
  forgetInFlight(): void {
    this.#inFlight.clear();
  }

  /** Dispatches `command`; throws `AgentSessionError.notQueued` when the queue refuses it. */
  dispatch(command: ControlCommand): CommandId {
    const id = this.#host.nextCommandId();
    const sent = this.#host.handle.dispatch({ id, command });
    if (!sent.ok) {
      throw AgentSessionError.notQueued(
        sent.error.kind,
        this.#agentId,
        command.kind,
        sent.error.message,
        sent.error,
      );
    }
    this.#inFlight.add(id);
    return id;
  }

  /**
   * Dispatches `command` and watches the session's events for its rejection (and feeds them to
   * `onEvent`) until `release()`.
   */
  dispatchWatched(
    command: ControlCommand,
    signal: AbortSignal | undefined,
    onEvent?: EventHandler,
  ): WatchedCommand {
    signal?.throwIfAborted();
    let commandId: CommandId | null = null;
    let rejection: Gate4AgentError | null = null;
    const handler: EventHandler = (event) => {
      const { event: kind } = event;
      if (kind.kind === 'command-rejected' && event.commandId === commandId) {
        rejection = AgentSessionError.commandRejected(this.#agentId, command.kind, kind.message);
      }
      onEvent?.(event);
    };
    this.#handlers.add(handler);
    try {
      commandId = this.dispatch(command);
    } catch (error) {
      this.#handlers.delete(handler);
      throw error;
    }
    return {
      rejection: () => rejection,
      release: () => {
        this.#handlers.delete(handler);
      },
    };
  }
}
