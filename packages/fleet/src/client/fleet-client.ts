import { type Subscription as GateSubscription, SubscriberList } from '@gate4agent/handle';
import type { LaunchAgentOptions } from '@gate4agent/runtime-native';
import { ToolActorId } from '@gate4agent/tool-protocol';
import { type AgentId, SessionSnapshotCodec } from '@gate4agent/types';
import type { Msg, NatsConnection, Status, Subscription } from '@nats-io/transport-node';
import {
  DEFAULT_FLEET_REPLICAS,
  DEFAULT_HOST_TIMEOUT_MS,
  FLEET_COMMAND_ATTEMPT_MS,
  FLEET_COMMAND_TIMEOUT_MS,
  FLEET_DUPLICATE_WINDOW_MS,
  FLEET_EVENT_MAX_AGE_MS,
  FLEET_EXIT_ACK_SUBSCRIBERS,
  FLEET_RETRY_INTERVAL_MS,
} from '../constants.js';
import { FleetError } from '../fleet-error.js';
import { natsJetStream, natsTransport } from '../nats-modules.js';
import { FleetSubjects, fleetToken } from '../subjects.js';
import { type FleetCommand, FleetReplyCodec } from '../wire/fleet-command.js';
import { BoundToolClientReplyCodec, LaunchReplyCodec } from '../wire/fleet-replies.js';
import type { ApprovalNotice } from './approval-requests.js';
import { commandEnvelope } from './command-envelope.js';
import { FleetEventRouter, type FleetExitAck } from './fleet-event-router.js';
import { FleetSession } from './fleet-session.js';
import { FleetToolAuthority, FleetToolClient } from './fleet-tool-client.js';
import { HostDirectory } from './host-directory.js';
import { HostLiveness } from './host-liveness.js';
import { OpenRequests } from './open-requests.js';
import { waitChanged } from './session-wait.js';
import { StreamReader } from './stream-reader.js';

function isTimeout(error: unknown): boolean {
  const { TimeoutError } = natsTransport();
  return error instanceof TimeoutError || (error instanceof Error && error.name === 'TimeoutError');
}

function isNoResponders(error: unknown): boolean {
  const { NoRespondersError, RequestError } = natsTransport();
  if (error instanceof NoRespondersError) return true;
  return error instanceof RequestError && error.isNoResponders();
}

/** Options of {@link FleetClient.connect}. */
export interface FleetClientOptions {
  /** A connection authenticated as this owner's user. */
  readonly connection: NatsConnection;
  /** This owner's id (a subject token); only it can read its sessions' subjects. */
  readonly ownerId: string;
  /**
   * A host whose record was not rewritten for this long, and which then does not answer a ping
   * within as long (at most {@link FLEET_COMMAND_ATTEMPT_MS}), is lost. Default
   * {@link DEFAULT_HOST_TIMEOUT_MS}.
   */
  readonly hostTimeoutMs?: number;
  /** Replicas of this owner's event stream. Default {@link DEFAULT_FLEET_REPLICAS}. */
  readonly replicas?: number;
  /** Receives what could not be applied (a message that does not match its schema, …). */
  readonly onError?: (error: unknown) => void;
}

/**
 * The application's side of a fleet: places `launchAgent` on a live host with room and returns a
 * {@link FleetSession} with the API of a local `AgentSession`; binds tool clients and reaches the
 * tool authority on a session's host; reports exit acks; and marks the sessions and open requests
 * of a lost host `host-lost`, exactly once. See docs/scale-out.md.
 */
export class FleetClient implements AsyncDisposable {
  /** This owner's id. */
  readonly ownerId: string;
  readonly #nc: NatsConnection;
  readonly #timeoutMs: number;
  readonly #report: (error: unknown) => void;
  readonly #directory = new HostDirectory();
  readonly #directoryChanged = new Set<() => void>();
  readonly #open = new OpenRequests();
  readonly #acks = new SubscriberList<FleetExitAck>(FLEET_EXIT_ACK_SUBSCRIBERS);
  readonly #router: FleetEventRouter;
  readonly #stops: (() => void)[] = [];
  /** The commands waiting for a reply, each as the function that sends a copy of it. */
  readonly #inFlight = new Set<() => void>();
  #frames: Subscription | null = null;
  #closed: Promise<void> | null = null;

  private constructor(options: FleetClientOptions) {
    this.ownerId = options.ownerId;
    this.#nc = options.connection;
    this.#timeoutMs = options.hostTimeoutMs ?? DEFAULT_HOST_TIMEOUT_MS;
    this.#report = options.onError ?? (() => undefined);
    this.#router = new FleetEventRouter(
      this.#open,
      (ack) => this.#acks.publishOne(ack),
      this.#report,
    );
  }

  /**
   * Connects an owner to the fleet: creates its event stream when missing, starts reading its
   * events and frames and watching the host bucket. Throws `invalid-token` for a bad owner id;
   * a connect that fails later (JetStream not ready yet) stops whatever it had started.
   */
  static async connect(options: FleetClientOptions): Promise<FleetClient> {
    fleetToken('owner id', options.ownerId);
    const client = new FleetClient(options);
    try {
      await client.#start(options.replicas ?? DEFAULT_FLEET_REPLICAS);
    } catch (error) {
      // A connect retried while the cluster gets ready must not leave readers and timers behind.
      for (const stop of client.#stops.splice(0)) stop();
      client.#frames?.unsubscribe();
      throw error;
    }
    return client;
  }

  /**
   * Launches `agentId` on the live host with the most free slots that runs it, and resolves once
   * the agent's process runs there. Rejects with `no-host` when no live host has room.
   */
  async launchAgent(agentId: AgentId, options: LaunchAgentOptions = {}): Promise<FleetSession> {
    const { signal } = options;
    signal?.throwIfAborted();
    let candidates = this.#directory.candidates(agentId, performance.now(), this.#timeoutMs);
    if (candidates.length === 0) {
      // The host bucket may not have been read yet: wait (event-driven) up to one host timeout.
      candidates = await waitChanged(
        this.#directoryChanged,
        { signal, timeoutMs: this.#timeoutMs },
        () => FleetError.noHost(agentId, this.#directory.hosts().length).message,
        () => {
          const found = this.#directory.candidates(agentId, performance.now(), this.#timeoutMs);
          return found.length > 0 ? found : undefined;
        },
      ).catch((error: unknown) => {
        if ((error as { name?: unknown }).name === 'TimeoutError') {
          throw FleetError.noHost(agentId, this.#directory.hosts().length);
        }
        throw error;
      });
    }
    for (const hostId of candidates) {
      const release = this.#directory.reserve(hostId);
      try {
        const answer = await this.#command(hostId, {
          op: 'launch',
          agentId,
          cwd: options.cwd ?? null,
          terminalSize: options.terminalSize ?? null,
          approvalLevel: options.approvalLevel ?? null,
          initialPrompt: options.initialPrompt ?? null,
          // Sent only when chosen, so a host that predates them refuses them rather than ignores.
          ...(options.runtimePolicy === undefined ? {} : { runtimePolicy: options.runtimePolicy }),
          ...(options.sessionOptions == null ? {} : { sessionOptions: options.sessionOptions }),
        });
        const reply = LaunchReplyCodec.decode(answer);
        if (!reply.ok) throw FleetError.invalidCommand(hostId, reply.error.message);
        const snapshot = SessionSnapshotCodec.decode(reply.value.status.session);
        if (!snapshot.ok) throw FleetError.invalidCommand(hostId, snapshot.error.message);
        const session = new FleetSession(this.#sessionLink, hostId, agentId, snapshot.value);
        this.#router.add(session);
        if (signal?.aborted) {
          await session.dispose();
          signal.throwIfAborted();
        }
        return session;
      } catch (error) {
        if ((error as { kind?: unknown }).kind !== 'host-full') throw error;
      } finally {
        release();
      }
    }
    throw FleetError.noHost(agentId, this.#directory.hosts().length);
  }

  /** Binds a tool client acting as `actorId` on the host of `session`. */
  async toolClient(session: FleetSession, actorId: ToolActorId): Promise<FleetToolClient> {
    const bound = BoundToolClientReplyCodec.decode(
      await this.#command(session.hostId, {
        op: 'bind-tool-client',
        actorId: ToolActorId.of(actorId),
      }),
    );
    if (!bound.ok) throw FleetError.invalidCommand(session.hostId, bound.error.message);
    const { consumerId, actorId: boundActor } = bound.value;
    return new FleetToolClient(this.#toolLink, session.hostId, consumerId, boundActor);
  }

  /** The tool authority of the host of `session` (grants and revokes apply there). */
  toolAuthority(session: FleetSession): FleetToolAuthority {
    return new FleetToolAuthority(this.#toolLink, session.hostId);
  }

  /** Subscribes to the physical-exit acks of this owner's provider operations on every host. */
  subscribeProviderExitAcks(capacity: number): GateSubscription<FleetExitAck> {
    return this.#acks.subscribe(capacity);
  }

  /**
   * The hosts this client knows and has not declared lost, with their last records. A host that
   * went silent stays listed until a direct read of its key confirms the loss: while the cluster
   * recovers from a dead node, the bucket may not answer for a few seconds.
   */
  hosts(): readonly { hostId: string; capacity: number; sessions: number }[] {
    return this.#directory.hosts().map(({ record }) => ({
      hostId: record.hostId,
      capacity: record.capacity,
      sessions: record.sessions,
    }));
  }

  /** How many tool requests are open. */
  get openRequestCount(): number {
    return this.#open.size;
  }

  /** How many `approvalRequests` iterations are listening (an ended one no longer counts). */
  get approvalListenerCount(): number {
    return this.#router.approvalListenerCount;
  }

  /**
   * Disposes every session this client launched, ends its `approvalRequests` iterations with a
   * `disposed` error and stops reading. The connection stays yours.
   */
  dispose(): Promise<void> {
    this.#closed ??= (async () => {
      await Promise.allSettled([...this.#router.sessions.values()].map((s) => s.dispose()));
      this.#router.endApprovals(FleetError.clientDisposed(this.ownerId));
      for (const stop of this.#stops.splice(0)) stop();
      this.#frames?.unsubscribe();
      this.#acks.clear();
    })();
    return this.#closed;
  }

  /** Same as {@link dispose}, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }

  readonly #sessionLink = {
    command: (hostId: string, command: FleetCommand) => this.#command(hostId, command),
    release: (hostId: string, instanceId: number) => {
      this.#router.sessions.delete(FleetEventRouter.key(hostId, instanceId));
    },
  };

  readonly #toolLink = {
    command: (hostId: string, command: FleetCommand) => this.#command(hostId, command),
    open: this.#open,
    listenApprovals: (hostId: string, listener: (notice: ApprovalNotice) => void) =>
      this.#router.listenApprovals(hostId, listener),
  };

  /**
   * Sends a command and resolves with its reply's value. A command whose reply did not come (a
   * node died, the host is reconnecting) is sent again with the same id: the host runs it once and
   * answers every copy with the same reply. A copy goes out when an attempt timed out
   * ({@link FLEET_COMMAND_ATTEMPT_MS}), shortly after it reached nobody, and at once when this
   * client's connection reconnects (a reply sent while it was away is lost for good).
   */
  async #command(hostId: string, command: FleetCommand): Promise<unknown> {
    const subject = FleetSubjects.command(hostId, this.ownerId);
    const envelope = commandEnvelope(command);
    const deadline = performance.now() + FLEET_COMMAND_TIMEOUT_MS;
    const msg = await new Promise<Msg>((resolve, reject) => {
      let attempt = 0;
      let pause: ReturnType<typeof setTimeout> | undefined;
      const settle = () => {
        this.#inFlight.delete(send);
        clearTimeout(pause);
      };
      const send = () => {
        clearTimeout(pause);
        attempt += 1;
        const mine = attempt;
        this.#nc.request(subject, envelope, { timeout: FLEET_COMMAND_ATTEMPT_MS }).then(
          (reply) => {
            // Any copy's reply will do: the host answers them all with the one run's reply.
            if (!this.#inFlight.has(send)) return;
            settle();
            resolve(reply);
          },
          (error: unknown) => {
            // An older copy failing changes nothing while a later one is on its way.
            if (!this.#inFlight.has(send) || mine !== attempt) return;
            const retryable = isNoResponders(error) || isTimeout(error);
            // Retry until the host is declared lost (#checkHosts reads its key directly first): a
            // host whose record merely looks stale, because the bucket watch stalled on a dead
            // node, is still live.
            const known = this.#directory.revision(hostId) > 0;
            if (retryable && known && performance.now() < deadline) {
              if (isNoResponders(error)) pause = setTimeout(send, FLEET_RETRY_INTERVAL_MS);
              else send();
              return;
            }
            settle();
            const reason = isNoResponders(error) ? 'no host answers on its subject' : String(error);
            reject(FleetError.commandFailed(hostId, command.op, reason));
          },
        );
      };
      this.#inFlight.add(send);
      send();
    });
    let answer: unknown;
    try {
      answer = msg.json();
    } catch (error) {
      throw FleetError.commandFailed(hostId, command.op, String(error));
    }
    const reply = FleetReplyCodec.decode(answer);
    if (!reply.ok) throw FleetError.invalidCommand(hostId, reply.error.message);
    if (!reply.value.ok) throw FleetError.remote(hostId, reply.value.error);
    return reply.value.value;
  }

  /** Sends every command still waiting for its reply again, now (the connection reconnected). */
  #resendInFlight(): void {
    for (const send of [...this.#inFlight]) send();
  }

  async #start(replicas: number): Promise<void> {
    const nc = this.#nc;
    // A reply the host sent while this connection was away is lost: ask again at once.
    const status = nc.status() as AsyncIterable<Status> & { stop(): void };
    this.#stops.push(() => status.stop());
    void (async () => {
      for await (const event of status) if (event.type === 'reconnect') this.#resendInFlight();
    })().catch(this.#report);
    const stream = FleetSubjects.eventStream(this.ownerId);
    const { nanos } = natsTransport();
    const jsm = await natsJetStream().jetstreamManager(nc);
    const config = {
      name: stream,
      subjects: [FleetSubjects.ownerEvents(this.ownerId)],
      num_replicas: replicas,
      duplicate_window: nanos(FLEET_DUPLICATE_WINDOW_MS),
      max_age: nanos(FLEET_EVENT_MAX_AGE_MS),
    };
    // Read only what comes after this connect, from the stream's next sequence; the reader
    // rebuilds its consumer from the next unread event when the consumer's node dies.
    let info: Awaited<ReturnType<typeof jsm.streams.info>>;
    try {
      info = await jsm.streams.info(stream);
    } catch {
      info = await jsm.streams.add(config);
    }
    const reader = await StreamReader.start(nc, {
      stream,
      filter: FleetSubjects.ownerEvents(this.ownerId),
      startSeq: info.state.last_seq + 1,
      onMessage: (msg) => this.#router.event(msg.subject, msg.json()),
      onError: this.#report,
    });
    this.#stops.push(() => reader.stop());
    this.#frames = nc.subscribe(FleetSubjects.ownerFrames(this.ownerId), {
      callback: (error, msg) => {
        if (error !== null) return this.#report(error);
        try {
          this.#router.frame(msg.subject, msg.json());
        } catch (thrown) {
          this.#report(thrown);
        }
      },
    });
    const liveness = await HostLiveness.start({
      connection: nc,
      ownerId: this.ownerId,
      directory: this.#directory,
      timeoutMs: this.#timeoutMs,
      onChanged: () => {
        for (const changed of [...this.#directoryChanged]) changed();
      },
      lose: (hostId, silentMs) => this.#lose(hostId, silentMs),
      onError: this.#report,
    });
    this.#stops.push(() => liveness.stop());
  }

  /** Declares `hostId` lost: its sessions end `host-lost`, its open requests complete once. */
  #lose(hostId: string, silentMs: number | null): void {
    this.#directory.remove(hostId);
    const error = FleetError.hostLost(hostId, silentMs);
    for (const session of [...this.#router.sessions.values()]) {
      if (session.hostId !== hostId) continue;
      session.markHostLost(error);
      this.#router.sessions.delete(FleetEventRouter.key(hostId, session.instanceId));
    }
    this.#open.hostLost(hostId, error.message);
    this.#router.endApprovals(error, hostId);
  }
}
