import { setTimeout as delay } from 'node:timers/promises';
import type { NativeProviderExecutor } from '@gate4agent/handle';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  DEFAULT_HEARTBEAT_MS,
  DEFAULT_HOST_TIMEOUT_MS,
  DEFAULT_PROVIDER_POLL_MS,
  FLEET_PROVIDER_OPERATIONS_MAX,
} from '../constants.js';
import { FleetError } from '../fleet-error.js';
import { loadRuntimeNative, type RegisterHostExitKill } from '../runtime-native-module.js';
import { FleetSubjects, fleetToken } from '../subjects.js';
import { failedReply, respondTo } from '../wire/command-reply.js';
import { type ProviderRequest, ProviderRequestCodec } from '../wire/provider-message.js';
import { ServedOperation } from './served-operation.js';

/** Options of {@link FleetProviderServer.start}. */
export interface FleetProviderServerOptions {
  /** A connection authenticated as this host's user (role `host` or `provider-host`). */
  readonly connection: NatsConnection;
  /** This provider host's id (a subject token; session hosts name it in their executors). */
  readonly hostId: string;
  /** The providers this host serves, each with the local executor that runs its operations. */
  readonly providers: ReadonlyMap<string, NativeProviderExecutor>;
  /**
   * An operation no session host asked about for this long is orphaned (its session host was lost):
   * it is force-stopped and forgotten once it exited. Default {@link DEFAULT_HOST_TIMEOUT_MS}.
   */
  readonly leaseMs?: number;
  /**
   * How often this host pushes every state it holds to each session host it holds operations
   * for: the heartbeat by which a session host knows it is alive (and catches a lost push).
   * Default {@link DEFAULT_HEARTBEAT_MS}; keep it well below the session hosts' `hostTimeoutMs`.
   */
  readonly heartbeatMs?: number;
  /** How often operations are checked without executor activity. Default {@link DEFAULT_PROVIDER_POLL_MS}. */
  readonly pollMs?: number;
  /** Receives what could not be served (a request that does not match its schema, …). */
  readonly onError?: (error: unknown) => void;
}

/** How long {@link FleetProviderServer.close} waits for force-stopped operations to be reaped. */
const CLOSE_REAP_MS = 5_000;

/**
 * The provider host's half of a provider on another host than the session (docs/scale-out.md):
 * serves `FleetProviderExecutor`s of session hosts. A `start` runs the invocation with this host's
 * own executor for the named provider; `cancel` / `stop` / `force-stop` reach the local operation;
 * its result and physical exit are pushed to the session host at once, and every state it holds for
 * a session host is pushed again each `heartbeatMs` (the heartbeat the session host judges this
 * host's liveness by). A session host renews the lease of its operations with a `status` message.
 * The session host's identity comes from the subject the server authorised, never from the body;
 * grants were checked on the session host before the invocation left it. An operation whose
 * session host stops asking is force-stopped after the lease, and every live operation is killed
 * when this process exits.
 */
export class FleetProviderServer implements AsyncDisposable {
  /** This provider host's id. */
  readonly hostId: string;
  readonly #nc: NatsConnection;
  readonly #providers: ReadonlyMap<string, NativeProviderExecutor>;
  readonly #leaseMs: number;
  readonly #pollMs: number;
  readonly #heartbeatMs: number;
  /** When each session host last got every state (its heartbeat). */
  readonly #beatAt = new Map<string, number>();
  readonly #report: (error: unknown) => void;
  readonly #operations = new Map<string, ServedOperation>();
  readonly #subscription: Subscription;
  readonly #unsubscribes: (() => void)[] = [];
  #timer: ReturnType<typeof setInterval> | null = null;
  #closed: Promise<void> | null = null;
  /** runtime-native's host-exit kills, loaded by {@link start} before the server exists. */
  readonly #registerHostExitKill: RegisterHostExitKill;

  private constructor(
    options: FleetProviderServerOptions,
    registerHostExitKill: RegisterHostExitKill,
  ) {
    this.#registerHostExitKill = registerHostExitKill;
    this.hostId = options.hostId;
    this.#nc = options.connection;
    this.#providers = new Map(options.providers);
    this.#leaseMs = options.leaseMs ?? DEFAULT_HOST_TIMEOUT_MS;
    this.#pollMs = options.pollMs ?? DEFAULT_PROVIDER_POLL_MS;
    this.#heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    this.#report = options.onError ?? (() => undefined);
    for (const executor of new Set(this.#providers.values())) {
      const off = executor.onActivity?.(() => queueMicrotask(() => this.#check()));
      if (off !== undefined) this.#unsubscribes.push(off);
    }
    this.#subscription = this.#nc.subscribe(FleetSubjects.providerServe(this.hostId), {
      callback: (error, msg) => {
        if (error !== null) this.#report(error);
        else this.#onRequest(msg);
      },
    });
  }

  /** Starts serving. Throws `invalid-token` when the host id is not a subject token. */
  static async start(options: FleetProviderServerOptions): Promise<FleetProviderServer> {
    fleetToken('provider host id', options.hostId);
    // Its operations register host-exit kills with the runtime's helper.
    const { registerHostExitKill } = await loadRuntimeNative();
    const server = new FleetProviderServer(options, registerHostExitKill);
    await server.#nc.flush();
    return server;
  }

  /** Forwarded operations this host holds now (running, or exited and not yet forgotten). */
  get operationCount(): number {
    return this.#operations.size;
  }

  /**
   * Stops serving: force-stops every live operation and waits (up to 5 s) until each is reaped,
   * then pushes the final states. Idempotent.
   */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      this.#subscription.unsubscribe();
      for (const operation of this.#operations.values()) operation.forceStop();
      const deadline = performance.now() + CLOSE_REAP_MS;
      while (performance.now() < deadline) {
        this.#check();
        if ([...this.#operations.values()].every((operation) => operation.exited)) break;
        await delay(50);
      }
      for (const operation of this.#operations.values()) operation.dispose();
      this.#operations.clear();
      this.#stopTimer();
      for (const off of this.#unsubscribes.splice(0)) off();
      await this.#nc.flush().catch(() => undefined);
    })();
    return this.#closed;
  }

  /** Same as {@link close}, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  #onRequest(msg: Msg): void {
    // g4a.prov.<providerHostId>.<sessionHostId>: the server let only <sessionHostId> publish here.
    const sessionHostId = msg.subject.split('.')[3] ?? '';
    let reply: unknown;
    try {
      const decoded = ProviderRequestCodec.decode(msg.json());
      if (!decoded.ok) throw FleetError.invalidCommand(this.hostId, decoded.error.message);
      reply = { ok: true, value: this.#run(sessionHostId, decoded.value) };
    } catch (error) {
      reply = failedReply(error);
    }
    respondTo(msg, reply);
    this.#check();
  }

  #run(sessionHostId: string, request: ProviderRequest): unknown {
    const now = performance.now();
    const key = (opId: string) => `${sessionHostId} ${opId}`;
    switch (request.op) {
      case 'start': {
        const existing = this.#operations.get(key(request.opId));
        if (existing !== undefined) {
          existing.lastSeen = now;
          return existing.state();
        }
        const executor = this.#providers.get(request.providerId);
        if (executor === undefined)
          throw FleetError.unknownProvider(this.hostId, request.providerId);
        if (this.#operations.size >= FLEET_PROVIDER_OPERATIONS_MAX) {
          throw FleetError.hostFull(this.hostId, FLEET_PROVIDER_OPERATIONS_MAX);
        }
        const operation = new ServedOperation(
          sessionHostId,
          request.opId,
          executor,
          request.invocation,
          now,
          this.#registerHostExitKill,
        );
        this.#operations.set(key(request.opId), operation);
        this.#startTimer();
        operation.check();
        operation.pushed = JSON.stringify(operation.state());
        return operation.state();
      }
      case 'status':
        return {
          states: request.opIds.map((opId) => {
            const operation = this.#operations.get(key(opId));
            if (operation === undefined) {
              return { opId, known: false, result: null, closed: false, exit: null };
            }
            operation.lastSeen = now;
            return operation.state();
          }),
        };
      case 'cancel':
      case 'stop':
      case 'force-stop': {
        const operation = this.#operations.get(key(request.opId));
        if (operation === undefined) return null;
        operation.lastSeen = now;
        if (request.op === 'cancel') operation.cancel();
        else if (request.op === 'stop') operation.stop();
        else operation.forceStop();
        return null;
      }
    }
  }

  /**
   * Checks every operation, enforces the lease, and pushes to each session host what changed —
   * or, once per heartbeat, every state it holds for that host.
   */
  #check(): void {
    const now = performance.now();
    const held = new Map<string, { all: unknown[]; changed: unknown[] }>();
    for (const [key, operation] of this.#operations) {
      try {
        operation.check();
      } catch (error) {
        this.#report(error);
      }
      if (now - operation.lastSeen > this.#leaseMs) {
        // Its session host stopped asking (it was lost): nothing will read this operation again.
        if (operation.exited) {
          this.#operations.delete(key);
          continue;
        }
        operation.forceStop();
      }
      const state = operation.state();
      const text = JSON.stringify(state);
      let states = held.get(operation.sessionHostId);
      if (states === undefined) {
        states = { all: [], changed: [] };
        held.set(operation.sessionHostId, states);
      }
      states.all.push(state);
      if (text === operation.pushed) continue;
      operation.pushed = text;
      states.changed.push(state);
    }
    for (const sessionHostId of this.#beatAt.keys()) {
      if (!held.has(sessionHostId)) this.#beatAt.delete(sessionHostId);
    }
    for (const [sessionHostId, { all, changed }] of held) {
      const beat = now - (this.#beatAt.get(sessionHostId) ?? Number.NEGATIVE_INFINITY);
      const full = beat >= this.#heartbeatMs;
      if (!full && changed.length === 0) continue;
      if (full) this.#beatAt.set(sessionHostId, now);
      try {
        this.#nc.publish(
          FleetSubjects.providerEvents(sessionHostId, this.hostId),
          JSON.stringify(full ? { states: all, full } : { states: changed }),
        );
      } catch (error) {
        this.#report(error);
      }
    }
    if (this.#operations.size === 0) this.#stopTimer();
  }

  #startTimer(): void {
    if (this.#timer !== null || this.#closed !== null) return;
    this.#timer = setInterval(() => this.#check(), Math.min(this.#pollMs, this.#heartbeatMs));
  }

  #stopTimer(): void {
    if (this.#timer === null) return;
    clearInterval(this.#timer);
    this.#timer = null;
  }
}
