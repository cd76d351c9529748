import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { FLEET_COMMAND_ATTEMPT_MS, FLEET_HOST_BUCKET } from '../constants.js';
import { natsKv } from '../nats-modules.js';
import { FleetSubjects } from '../subjects.js';
import { FleetReplyCodec } from '../wire/fleet-command.js';
import { HostRecordCodec } from '../wire/host-record.js';
import { commandEnvelope } from './command-envelope.js';
import type { HostDirectory } from './host-directory.js';
import { HostWatch } from './host-watch.js';

/** @internal What {@link HostLiveness.start} needs of its client. */
export interface HostLivenessOptions {
  readonly connection: NatsConnection;
  readonly ownerId: string;
  /** The client's hosts: updated from the bucket, touched when a silent host answers a ping. */
  readonly directory: HostDirectory;
  /** The client's host timeout (`hostTimeoutMs`). */
  readonly timeoutMs: number;
  /** Called after every bucket entry was applied. */
  readonly onChanged: () => void;
  /** Declares a host lost: `silentMs` null when it unregistered (its key was deleted). */
  readonly lose: (hostId: string, silentMs: number | null) => void;
  readonly onError: (error: unknown) => void;
}

/**
 * @internal Keeps a client's host directory and decides which hosts are lost: it watches the host
 * bucket, and every fifth of the host timeout it looks at the hosts not heard of for the timeout.
 * Each is read once more directly (a watch that stalled, its node died, must not make a live host
 * look lost) and then pinged on its command subject (a heartbeat the cluster was slow to store,
 * loaded or electing a leader, must not either); only a host that answers neither is lost.
 */
export class HostLiveness {
  readonly #options: HostLivenessOptions;
  readonly #kv: KV;
  #watch: HostWatch | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;

  private constructor(options: HostLivenessOptions, kv: KV) {
    this.#options = options;
    this.#kv = kv;
  }

  /** Opens the host bucket and starts watching it (rejects when the bucket cannot be opened). */
  static async start(options: HostLivenessOptions): Promise<HostLiveness> {
    const kv = await new (natsKv().Kvm)(options.connection).open(FLEET_HOST_BUCKET);
    const liveness = new HostLiveness(options, kv);
    liveness.#watch = await HostWatch.start(
      kv,
      (entry) => {
        if (entry.operation === 'PUT') {
          if (!liveness.#apply(entry.key, entry.json(), entry.revision)) return;
        } else {
          options.lose(entry.key, null);
        }
        options.onChanged();
      },
      options.onError,
    );
    let checking = false;
    liveness.#timer = setInterval(
      () => {
        if (checking) return;
        checking = true;
        liveness
          .#check()
          .catch(options.onError)
          .finally(() => {
            checking = false;
          });
      },
      Math.max(50, options.timeoutMs / 5),
    );
    return liveness;
  }

  /** Stops the watch and the checks (idempotent). */
  stop(): void {
    this.#watch?.stop();
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Takes a record read under `key`; reports one that does not decode or names another host. */
  #apply(key: string, value: unknown, revision: number): boolean {
    const record = HostRecordCodec.decode(value);
    if (!record.ok || record.value.hostId !== key) {
      this.#options.onError(
        record.ok ? new Error(`host record under ${key} names another host`) : record.error,
      );
      return false;
    }
    this.#options.directory.update(record.value, revision, performance.now());
    return true;
  }

  async #check(): Promise<void> {
    const { directory, timeoutMs } = this.#options;
    for (const { hostId, silentMs } of directory.silent(performance.now(), timeoutMs)) {
      let entry: Awaited<ReturnType<KV['get']>>;
      try {
        entry = await this.#kv.get(hostId);
      } catch (error) {
        // The bucket cannot be read now (the cluster is recovering): decide on the next check.
        this.#options.onError(error);
        continue;
      }
      if (
        entry !== null &&
        entry.operation === 'PUT' &&
        entry.revision > directory.revision(hostId)
      ) {
        // The host wrote its key and the watch did not say so: the watch stalled (the node holding
        // its consumer died). Build it again from the last revision it delivered.
        this.#watch?.rebuild();
        if (this.#apply(hostId, entry.json(), entry.revision)) continue;
      }
      if (await this.#answers(hostId)) {
        directory.touch(hostId, performance.now());
        continue;
      }
      // While the ping waited, the watch may have brought a new record, or the host unregistered.
      const known = directory.revision(hostId) > 0;
      if (!known || directory.isLive(hostId, performance.now(), timeoutMs)) continue;
      this.#options.lose(hostId, silentMs);
    }
  }

  /**
   * Whether the host answers a ping on its command subject within the host timeout (at most
   * {@link FLEET_COMMAND_ATTEMPT_MS}). Sent once: a host nobody answers for is gone.
   */
  async #answers(hostId: string): Promise<boolean> {
    const { connection, ownerId, timeoutMs } = this.#options;
    try {
      const subject = FleetSubjects.command(hostId, ownerId);
      const msg = await connection.request(subject, commandEnvelope({ op: 'ping' }), {
        timeout: Math.min(timeoutMs, FLEET_COMMAND_ATTEMPT_MS),
      });
      const reply = FleetReplyCodec.decode(msg.json());
      return reply.ok && reply.value.ok;
    } catch {
      // No responders, a timeout, or an answer that is not a reply: no live host answered.
      return false;
    }
  }
}
