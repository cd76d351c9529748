import type { ToolClientHandle } from '@gate4agent/handle';
import type { AgentSession, NativeRuntime } from '@gate4agent/runtime-native';
import { CapabilityCompletionEnvelope } from '@gate4agent/tool-protocol';
import { type TerminalFrame, TerminalFrameCodec } from '@gate4agent/types';
import type { KV } from '@nats-io/kv';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  DEFAULT_FLEET_REPLICAS,
  DEFAULT_FRAME_INTERVAL_MS,
  DEFAULT_HEARTBEAT_MS,
  FLEET_HOST_BUCKET,
  FLEET_RECENT_COMMANDS,
  FLEET_SUBSCRIPTION_CAPACITY,
} from '../constants.js';
import { FleetError } from '../fleet-error.js';
import { natsJetStream, natsKv, natsTransport } from '../nats-modules.js';
import { FleetSubjects, fleetToken } from '../subjects.js';
import { failedReply, respondTo } from '../wire/command-reply.js';
import { type FleetCommand, FleetCommandCodec } from '../wire/fleet-command.js';
import type { HostRecord } from '../wire/host-record.js';
import { ApprovalAnnouncer } from './approval-announcer.js';
import { EventOutbox } from './event-outbox.js';
import { FrameThrottle } from './frame-throttle.js';
import { runHostCommand } from './host-commands.js';
import type { HostedSession, HostState } from './host-state.js';
import { statusBody } from './status-body.js';

/** Options of {@link FleetHost.start}. */
export interface FleetHostOptions {
  /** A connection authenticated as this host's user. */
  readonly connection: NatsConnection;
  /** This host's id (a subject token, unique in the fleet). */
  readonly hostId: string;
  /** The runtime whose sessions and providers this host serves; the app owns and disposes it. */
  readonly runtime: NativeRuntime;
  /** How many sessions this host runs at most. */
  readonly capacity: number;
  /** The agent ids this host can launch (placement only picks hosts that list the agent). */
  readonly agents: readonly string[];
  /** Heartbeat period. Default {@link DEFAULT_HEARTBEAT_MS}. */
  readonly heartbeatMs?: number;
  /** At most one frame per session per this many ms. Default {@link DEFAULT_FRAME_INTERVAL_MS}. */
  readonly frameIntervalMs?: number;
  /** Replicas of the host bucket when this host creates it. Default {@link DEFAULT_FLEET_REPLICAS}. */
  readonly replicas?: number;
  /** Receives what could not be delivered (a failed publish, a bad command). Default: ignored. */
  readonly onError?: (error: unknown) => void;
}

/**
 * Puts one `NativeRuntime` on the fleet: registers the host and its capacity in the host bucket
 * with a heartbeat, runs the commands owners send it (launch, input, stop, tool plane) and
 * publishes its sessions' status (JetStream), frames (rate-limited) and tool completions and exit
 * acks (JetStream) on the owners' subjects. See docs/scale-out.md.
 */
export class FleetHost implements AsyncDisposable {
  /** This host's id. */
  readonly hostId: string;
  readonly #options: FleetHostOptions;
  readonly #kv: KV;
  readonly #state: HostState;
  readonly #approvals: ApprovalAnnouncer;
  readonly #commands: Subscription;
  readonly #heartbeat: ReturnType<typeof setInterval>;
  readonly #unsubscribe: () => void;
  readonly #acks: { close(): void };
  #closed: Promise<void> | null = null;
  /** Recent commands by owner and command id: a command sent again gets the first run's reply. */
  readonly #recent = new Map<string, Promise<unknown>>();

  private constructor(options: FleetHostOptions, kv: KV) {
    this.hostId = options.hostId;
    this.#options = options;
    this.#kv = kv;
    const { connection: nc, runtime } = options;
    const report = options.onError ?? (() => undefined);
    const js = natsJetStream().jetstream(nc);
    const outbox = new EventOutbox(js, options.hostId, natsTransport().nuid.next(), report);
    const frameInterval = options.frameIntervalMs ?? DEFAULT_FRAME_INTERVAL_MS;
    const hostId = options.hostId;
    const state: HostState = {
      hostId,
      capacity: options.capacity,
      runtime,
      outbox,
      sessions: new Map(),
      clients: new Map(),
      launching: 0,
      adopt: (owner: string, session: AgentSession): HostedSession => {
        const subject = FleetSubjects.frame(owner, hostId, session.instanceId);
        const hosted: HostedSession = {
          owner,
          session,
          lastStatus: '',
          lastFrameSequence: -1,
          frames: new FrameThrottle<TerminalFrame>(frameInterval, (frame) => {
            nc.publish(subject, JSON.stringify({ frame: TerminalFrameCodec.encode(frame) }));
          }),
        };
        state.sessions.set(session.instanceId, hosted);
        this.#heartbeatNow();
        return hosted;
      },
      adoptClient: (owner: string, client: ToolClientHandle) => {
        state.clients.set(client.consumerId(), { owner, client });
        void this.#forwardCompletions(owner, client);
      },
      publishStatus: (instanceId: number, hosted: HostedSession) => {
        const body = statusBody(hosted.session.snapshot);
        const text = JSON.stringify(body);
        if (text === hosted.lastStatus) return;
        hosted.lastStatus = text;
        outbox.publish(FleetSubjects.status(hosted.owner, hostId, instanceId), body);
      },
      forget: (instanceId: number) => {
        const hosted = state.sessions.get(instanceId);
        if (hosted === undefined) return;
        hosted.frames.close();
        state.sessions.delete(instanceId);
        outbox.publish(FleetSubjects.status(hosted.owner, hostId, instanceId), { session: null });
        this.#heartbeatNow();
      },
    };
    this.#state = state;
    this.#approvals = new ApprovalAnnouncer(state);
    // Sessions refresh their own rows in listeners registered after this one: read them once
    // every listener of the tick has run.
    let scheduled = false;
    this.#unsubscribe = runtime.onPublish(() => {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(() => {
        scheduled = false;
        this.#onPublish();
      });
    });
    this.#commands = nc.subscribe(FleetSubjects.hostCommands(hostId), {
      callback: (error, msg) => {
        if (error !== null) report(error);
        else void this.#onCommand(msg);
      },
    });
    const acks = runtime.subscribeProviderExitAcks(FLEET_SUBSCRIPTION_CAPACITY);
    this.#acks = acks;
    void (async () => {
      for await (const ack of acks) {
        const owner = state.clients.get(ack.operation.requestKey.consumerId)?.owner;
        if (owner !== undefined) outbox.publish(FleetSubjects.ack(owner, hostId), { ack });
      }
    })().catch(report);
    this.#heartbeat = setInterval(
      () => this.#heartbeatNow(),
      options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    );
  }

  /**
   * Registers the host (creating the host bucket when it does not exist yet) and starts serving.
   * Throws `invalid-token` when the host id is not a subject token.
   */
  static async start(options: FleetHostOptions): Promise<FleetHost> {
    fleetToken('host id', options.hostId);
    const kvm = new (natsKv().Kvm)(options.connection);
    const kv = await kvm.create(FLEET_HOST_BUCKET, {
      history: 1,
      replicas: options.replicas ?? DEFAULT_FLEET_REPLICAS,
    });
    const host = new FleetHost(options, kv);
    try {
      await host.#kv.put(host.hostId, JSON.stringify(host.#record()));
    } catch (error) {
      // The host already listens for commands and beats its heart: a host that failed to register
      // must not keep answering, or a retried start would put two hosts on one subject.
      await host.close().catch((closeError: unknown) => {
        throw new AggregateError(
          [error, closeError],
          `fleet host ${host.hostId} could not register in the host bucket, and closing it failed too; check the NATS connection`,
        );
      });
      throw error;
    }
    return host;
  }

  /** The sessions this host runs now. */
  get sessionCount(): number {
    return this.#state.sessions.size;
  }

  /**
   * Stops serving: unregisters the host, stops and removes the sessions it launched (the runtime
   * itself stays the app's) and waits until every queued event is stored. Idempotent.
   */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      clearInterval(this.#heartbeat);
      this.#commands.unsubscribe();
      for (const [instanceId, hosted] of [...this.#state.sessions]) {
        await hosted.session.dispose();
        this.#state.forget(instanceId);
      }
      await this.#kv.delete(this.hostId).catch(() => undefined);
      this.#unsubscribe();
      this.#acks.close();
      await this.#state.outbox.flushed();
    })();
    return this.#closed;
  }

  /** Same as {@link close}, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  #record(): HostRecord {
    return {
      hostId: this.hostId,
      capacity: this.#options.capacity,
      sessions: this.#state.sessions.size,
      agents: [...this.#options.agents],
      heartbeat: Date.now(),
    };
  }

  #heartbeatNow(): void {
    if (this.#closed !== null) return;
    this.#kv.put(this.hostId, JSON.stringify(this.#record())).catch(this.#report);
  }

  readonly #report = (error: unknown): void => {
    this.#options.onError?.(error);
  };

  #onPublish(): void {
    for (const [instanceId, hosted] of this.#state.sessions) {
      this.#state.publishStatus(instanceId, hosted);
      const frame = hosted.session.frame;
      if (frame !== null && frame.sequence !== hosted.lastFrameSequence) {
        hosted.lastFrameSequence = frame.sequence;
        hosted.frames.offer(frame);
      }
    }
    this.#approvals.announce();
  }

  async #onCommand(msg: Msg): Promise<void> {
    // g4a.host.<hostId>.cmd.<ownerId>: the server let only <ownerId> publish here.
    const owner = msg.subject.split('.')[4] ?? '';
    let reply: unknown;
    try {
      const decoded = FleetCommandCodec.decode(msg.json());
      if (!decoded.ok) throw FleetError.invalidCommand(this.hostId, decoded.error.message);
      const { commandId, command } = decoded.value;
      // A liveness probe changes nothing: it needs no once-only run, and must not push real
      // commands out of the recent replies.
      const run =
        command.op === 'ping'
          ? runHostCommand(this.#state, owner, command)
          : this.#runOnce(owner, commandId, command);
      reply = { ok: true, value: await run };
    } catch (error) {
      reply = failedReply(error);
    }
    respondTo(msg, reply);
  }

  /** Runs `command` unless this owner sent it before under `commandId`: then its first run. */
  #runOnce(owner: string, commandId: string, command: FleetCommand): Promise<unknown> {
    const key = `${owner} ${commandId}`;
    let run = this.#recent.get(key);
    if (run === undefined) {
      run = runHostCommand(this.#state, owner, command);
      run.catch(() => undefined);
      this.#recent.set(key, run);
      if (this.#recent.size > FLEET_RECENT_COMMANDS) {
        const oldest = this.#recent.keys().next().value;
        if (oldest !== undefined) this.#recent.delete(oldest);
      }
    }
    return run;
  }

  async #forwardCompletions(owner: string, client: ToolClientHandle): Promise<void> {
    const subject = FleetSubjects.completion(owner, this.hostId);
    try {
      for await (const delivery of client.subscribeCompletions(FLEET_SUBSCRIPTION_CAPACITY)) {
        if (delivery.kind !== 'completion') continue;
        this.#state.outbox.publish(subject, {
          completion: CapabilityCompletionEnvelope.codec.encode(delivery.completion),
        });
      }
    } catch (error) {
      this.#report(error);
    }
  }
}
