import { setTimeout as delay } from 'node:timers/promises';
import {
  ListenerSet,
  type NativeProviderExecutor,
  type NativeProviderOperation,
  type ProviderInvocation,
} from '@gate4agent/handle';
import { type ToolFailure, ToolProviderId } from '@gate4agent/tool-protocol';
import { err, ok, type Result } from '@gate4agent/types';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  DEFAULT_HEARTBEAT_MS,
  DEFAULT_PROVIDER_HOST_TIMEOUT_MS,
  DEFAULT_PROVIDER_POLL_MS,
  FLEET_COMMAND_ATTEMPT_MS,
  FLEET_PROVIDER_OPERATIONS_MAX,
  FLEET_RETRY_INTERVAL_MS,
} from '../constants.js';
import { FleetError } from '../fleet-error.js';
import { natsTransport } from '../nats-modules.js';
import { FleetSubjects, fleetToken } from '../subjects.js';
import { FleetReplyCodec } from '../wire/fleet-command.js';
import {
  ForwardedInvocationCodec,
  type ProviderRequest,
  type ProviderState,
  ProviderStateCodec,
  ProviderStatesCodec,
} from '../wire/provider-message.js';
import { ForwardedOperation } from './forwarded-operation.js';

/** Options of {@link FleetProviderExecutor}. */
export interface FleetProviderExecutorOptions {
  /** The session host's connection, authenticated as its host user. */
  readonly connection: NatsConnection;
  /** The session host's id (the host whose runtime installs this executor). */
  readonly hostId: string;
  /** The provider host that runs the operations (it runs a `FleetProviderServer`). */
  readonly providerHostId: string;
  /** The provider id the provider host serves (usually the id this executor is installed under). */
  readonly providerId: string;
  /**
   * A provider host whose heartbeat (and every other message) stopped for this long is lost: its
   * operations end with a `host-lost` failure and exit. Default
   * {@link DEFAULT_PROVIDER_HOST_TIMEOUT_MS}; keep it below the supervisor's 5 s exit-proof
   * timeout and above the provider host's `heartbeatMs`.
   */
  readonly hostTimeoutMs?: number;
  /**
   * How often open operations are checked locally (the provider host's silence, cancelled
   * tokens); nothing is sent for it. Default {@link DEFAULT_PROVIDER_POLL_MS}.
   */
  readonly pollMs?: number;
  /** Receives what could not be applied (a report that does not match its schema, …). */
  readonly onError?: (error: unknown) => void;
}

const CLOSED: ToolFailure = {
  kind: 'unavailable',
  redactedMessage: 'the fleet provider executor is closed',
};
const FULL: ToolFailure = {
  kind: 'unavailable',
  redactedMessage: 'too many operations are forwarded to the provider host',
};

/**
 * A `NativeProviderExecutor` whose operations run on another fleet host (docs/scale-out.md,
 * "Providers on another host"): install it on the session's host with
 * `runtime.installNativeProvider`, so grants are checked there before an invocation leaves it.
 * `start` sends the invocation to the provider host's `FleetProviderServer`; the supervisor's stop
 * and force stop, and the cancellation token, become `stop` / `force-stop` / `cancel` messages;
 * `tryWait` reports the exit only after the provider host reaped the operation, so the session
 * host's supervisor acks it once. The provider host pushes every state it holds for this host once
 * per heartbeat: one silent for `hostTimeoutMs` is lost, and each of its open operations ends once,
 * with a `host-lost` failure and a failed exit. This side renews its operations' lease with a
 * `status` message once per {@link DEFAULT_HEARTBEAT_MS}, without waiting for an answer.
 */
export class FleetProviderExecutor implements NativeProviderExecutor, Disposable {
  /** The provider host that runs this executor's operations. */
  readonly providerHostId: string;
  readonly #nc: NatsConnection;
  readonly #hostId: string;
  readonly #providerId: ToolProviderId;
  readonly #timeoutMs: number;
  readonly #pollMs: number;
  readonly #report: (error: unknown) => void;
  readonly #activity = new ListenerSet();
  readonly #open = new Map<string, ForwardedOperation>();
  readonly #events: Subscription;
  #lastAnswer = 0;
  #renewedAt = 0;
  #timer: ReturnType<typeof setInterval> | null = null;
  #closed = false;

  /** Checks the ids and subscribes to the provider host's reports; throws `invalid-token`. */
  constructor(options: FleetProviderExecutorOptions) {
    this.#hostId = fleetToken('host id', options.hostId);
    this.providerHostId = fleetToken('provider host id', options.providerHostId);
    this.#providerId = ToolProviderId.of(options.providerId);
    this.#nc = options.connection;
    this.#timeoutMs = options.hostTimeoutMs ?? DEFAULT_PROVIDER_HOST_TIMEOUT_MS;
    this.#pollMs = options.pollMs ?? DEFAULT_PROVIDER_POLL_MS;
    this.#report = options.onError ?? (() => undefined);
    this.#events = this.#nc.subscribe(
      FleetSubjects.providerEvents(this.#hostId, this.providerHostId),
      {
        callback: (error, msg) => {
          if (error !== null) return this.#report(error);
          try {
            const decoded = ProviderStatesCodec.decode(msg.json());
            if (!decoded.ok) throw FleetError.invalidCommand(this.#hostId, decoded.error.message);
            this.#answered();
            for (const state of decoded.value.states) this.#apply(state);
            if (decoded.value.full === true) this.#forgotten(decoded.value.states);
          } catch (error) {
            this.#report(error);
          }
        },
      },
    );
  }

  /** Operations forwarded and not ended yet. */
  get openCount(): number {
    return this.#open.size;
  }

  /** Subscribes to progress of any operation (the runtime ticks at once). Returns the unsubscribe. */
  onActivity(listener: () => void): () => void {
    return this.#activity.add(listener);
  }

  /** Forwards `invocation` to the provider host; synchronous, the request goes out at once. */
  start(invocation: ProviderInvocation): Result<NativeProviderOperation, ToolFailure> {
    if (this.#closed) return err(CLOSED);
    if (this.#open.size >= FLEET_PROVIDER_OPERATIONS_MAX) return err(FULL);
    const opId = natsTransport().nuid.next();
    const operation = new ForwardedOperation(this.#link, opId, invocation);
    if (this.#open.size === 0) this.#lastAnswer = performance.now();
    this.#open.set(opId, operation);
    this.#startTimer();
    const request = {
      op: 'start',
      opId,
      providerId: this.#providerId,
      invocation: ForwardedInvocationCodec.encode({
        bindingId: invocation.bindingId(),
        operationId: invocation.operationId(),
        requestKey: invocation.requestKey(),
        capabilityId: invocation.capabilityId(),
        resourceScopeId: invocation.resourceScopeId(),
        deadlineTick: invocation.deadlineTick(),
        payload: invocation.payload(),
      }),
    };
    void this.#send(operation, request).then((value) => {
      if (value === undefined) return;
      const state = ProviderStateCodec.decode(value);
      if (state.ok) this.#apply(state.value);
      else this.#report(FleetError.invalidCommand(this.providerHostId, state.error.message));
    });
    return ok(operation);
  }

  /**
   * Stops listening. Operations still open end with a `host-lost` failure (nothing will report
   * them any more); call it after the runtime that installed this executor was disposed.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const operation of [...this.#open.values()]) {
      operation.requestForceStop();
      operation.lose(
        FleetError.providerHostLost(this.providerHostId, 'is no longer followed (executor closed)')
          .message,
      );
    }
    this.#events.unsubscribe();
    this.#stopTimer();
  }

  /** Same as {@link close}, for `using`. */
  [Symbol.dispose](): void {
    this.close();
  }

  readonly #link = {
    send: (op: 'cancel' | 'stop' | 'force-stop', opId: string) => {
      const operation = this.#open.get(opId);
      if (operation !== undefined) void this.#send(operation, { op, opId });
    },
    ended: (opId: string) => {
      this.#open.delete(opId);
      if (this.#open.size === 0) this.#stopTimer();
    },
    activity: () => this.#activity.notify(),
  };

  #answered(): void {
    this.#lastAnswer = performance.now();
  }

  /** A heartbeat lists every operation the provider host holds: a started one missing is lost. */
  #forgotten(states: readonly ProviderState[]): void {
    const listed = new Set(states.map((state) => state.opId));
    for (const operation of [...this.#open.values()]) {
      if (operation.started && !listed.has(operation.opId)) {
        this.#apply({
          opId: operation.opId,
          known: false,
          result: null,
          closed: false,
          exit: null,
        });
      }
    }
  }

  #apply(state: ProviderState): void {
    const operation = this.#open.get(state.opId);
    if (operation === undefined) return;
    if (!state.known && operation.started) {
      operation.lose(
        FleetError.providerHostLost(
          this.providerHostId,
          'no longer knows the operation (it restarted)',
        ).message,
      );
      return;
    }
    const problem = operation.apply(state);
    if (problem !== null) this.#report(FleetError.invalidCommand(this.providerHostId, problem));
  }

  /**
   * Sends one request for `operation` until the provider host answers, the operation ends (its
   * exit arrived, or the host was lost) or the executor closes. Resolves with the reply's value,
   * or `undefined` when it gave up; a refusal by the provider host ends the operation.
   */
  async #send(operation: ForwardedOperation, request: unknown): Promise<unknown> {
    const subject = FleetSubjects.providerRequests(this.providerHostId, this.#hostId);
    const data = JSON.stringify(request);
    const attemptMs = Math.min(FLEET_COMMAND_ATTEMPT_MS, this.#timeoutMs);
    while (!operation.ended && !this.#closed) {
      let answer: unknown;
      try {
        answer = (await this.#nc.request(subject, data, { timeout: attemptMs })).json();
      } catch {
        // No responder (the provider host is down or reconnecting) or no reply in time: the
        // poll decides when the host is lost; until then, ask again (a repeated start is
        // answered with the first start's state, never run twice).
        await delay(FLEET_RETRY_INTERVAL_MS);
        continue;
      }
      this.#answered();
      const reply = FleetReplyCodec.decode(answer);
      if (!reply.ok) {
        this.#report(FleetError.invalidCommand(this.providerHostId, reply.error.message));
        return undefined;
      }
      if (!reply.value.ok) {
        operation.lose(FleetError.remote(this.providerHostId, reply.value.error).message);
        return undefined;
      }
      return reply.value.value;
    }
    return undefined;
  }

  /** One check: loses a silent host, sends cancels of cancelled tokens, renews the lease. */
  #tick(): void {
    const now = performance.now();
    const silentMs = now - this.#lastAnswer;
    if (silentMs > this.#timeoutMs) {
      const message = FleetError.providerHostLost(
        this.providerHostId,
        `sent no heartbeat for ${Math.round(silentMs)} ms`,
      ).message;
      for (const operation of [...this.#open.values()]) operation.lose(message);
      return;
    }
    for (const operation of this.#open.values()) {
      if (!operation.cancelSent && operation.invocation.cancellationToken().isCancelled()) {
        operation.cancelSent = true;
        void this.#send(operation, { op: 'cancel', opId: operation.opId });
      }
    }
    if (this.#open.size === 0 || now - this.#renewedAt < DEFAULT_HEARTBEAT_MS) return;
    this.#renewedAt = now;
    // A plain publish: the provider host answers with its heartbeat, not with a reply.
    const renewal: ProviderRequest = { op: 'status', opIds: [...this.#open.keys()] };
    try {
      this.#nc.publish(
        FleetSubjects.providerRequests(this.providerHostId, this.#hostId),
        JSON.stringify(renewal),
      );
    } catch (error) {
      this.#report(error);
    }
  }

  #startTimer(): void {
    if (this.#timer !== null) return;
    this.#timer = setInterval(() => this.#tick(), this.#pollMs);
  }

  #stopTimer(): void {
    if (this.#timer === null) return;
    clearInterval(this.#timer);
    this.#timer = null;
  }
}
