import { setTimeout as delay } from 'node:timers/promises';
import type { ConsumerMessages, JetStreamClient, JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  FLEET_CONSUMER_HEARTBEAT_MS,
  FLEET_CONSUMER_STALL_HEARTBEATS,
  FLEET_RETRY_INTERVAL_MS,
} from '../constants.js';
import { natsJetStream } from '../nats-modules.js';

/** Options of {@link StreamReader.start}. */
export interface StreamReaderOptions {
  /** The stream to read. */
  readonly stream: string;
  /** The subjects of the stream to read. */
  readonly filter: string;
  /** The stream sequence of the first message to read (`last_seq + 1` of the stream: only new ones). */
  readonly startSeq: number;
  /** Called with every message once, in stream order. */
  readonly onMessage: (msg: JsMsg) => void;
  /** Receives what `onMessage` threw and why a consumer could not be created again. */
  readonly onError: (error: unknown) => void;
}

/**
 * @internal Reads a stream's messages in order, each once, through an ordered consumer, and
 * rebuilds that consumer from the next unread sequence when it showed no sign of life (no message,
 * no heartbeat, no expired pull) for {@link FLEET_CONSUMER_STALL_HEARTBEATS} heartbeat periods.
 * The client library resets an ordered consumer only once it is reported gone; a consumer whose
 * NATS node died is never reported gone (asking for it times out until that node comes back, and
 * after a reconnect the library asks, and waits, with its own heartbeat check paused), so without
 * this the reader would wait forever. A new consumer may be placed on the dead node too while the
 * cluster still counts it as a peer: that creation times out, so a rebuild asks with a short
 * timeout and again until one answers.
 */
export class StreamReader {
  readonly #js: JetStreamClient;
  readonly #rebuildJs: JetStreamClient;
  readonly #options: StreamReaderOptions;
  readonly #watchdog: ReturnType<typeof setInterval>;
  #next: number;
  #messages: ConsumerMessages | null = null;
  /** When the current consumer last showed a sign of life. */
  #aliveAt = performance.now();
  #rebuilding = false;
  #stopped = false;
  #rebuilds = 0;

  private constructor(nc: NatsConnection, options: StreamReaderOptions) {
    const { jetstream } = natsJetStream();
    this.#js = jetstream(nc);
    this.#rebuildJs = jetstream(nc, { timeout: 2 * FLEET_CONSUMER_HEARTBEAT_MS });
    this.#options = options;
    this.#next = Math.max(1, options.startSeq);
    this.#watchdog = setInterval(() => this.#check(), FLEET_CONSUMER_HEARTBEAT_MS);
  }

  /** Creates the first consumer (its failure rejects) and starts reading. */
  static async start(nc: NatsConnection, options: StreamReaderOptions): Promise<StreamReader> {
    const reader = new StreamReader(nc, options);
    try {
      await reader.#open(reader.#js);
    } catch (error) {
      reader.stop();
      throw error;
    }
    return reader;
  }

  /** How many times the consumer was built again after it stalled. */
  get rebuilds(): number {
    return this.#rebuilds;
  }

  /** Stops reading (idempotent). */
  stop(): void {
    this.#stopped = true;
    clearInterval(this.#watchdog);
    void this.#messages?.stop();
    this.#messages = null;
  }

  async #open(js: JetStreamClient): Promise<void> {
    const { stream, filter } = this.#options;
    const consumer = await js.consumers.get(stream, {
      filter_subjects: filter,
      deliver_policy: natsJetStream().DeliverPolicy.StartSequence,
      opt_start_seq: this.#next,
    });
    const messages = await consumer.consume({
      expires: 2 * FLEET_CONSUMER_HEARTBEAT_MS,
      idle_heartbeat: FLEET_CONSUMER_HEARTBEAT_MS,
    });
    if (this.#stopped) {
      void messages.stop();
      return;
    }
    this.#messages = messages;
    this.#aliveAt = performance.now();
    void this.#watch(messages);
    void this.#read(messages);
  }

  async #read(messages: ConsumerMessages): Promise<void> {
    for await (const msg of messages) {
      // A consumer built again starts at #next; a late message of the one it replaced is skipped.
      if (messages !== this.#messages || msg.seq < this.#next) continue;
      this.#aliveAt = performance.now();
      this.#next = msg.seq + 1;
      try {
        this.#options.onMessage(msg);
      } catch (error) {
        this.#options.onError(error);
      }
    }
  }

  async #watch(messages: ConsumerMessages): Promise<void> {
    for await (const status of messages.status()) {
      if (messages !== this.#messages) return;
      // A heartbeat, an expired pull, a new pull: the consumer's server answers.
      if (status.type !== 'heartbeats_missed') this.#aliveAt = performance.now();
    }
  }

  #check(): void {
    const messages = this.#messages;
    if (messages === null || this.#rebuilding || this.#stopped) return;
    const silentMs = performance.now() - this.#aliveAt;
    if (silentMs < FLEET_CONSUMER_STALL_HEARTBEATS * FLEET_CONSUMER_HEARTBEAT_MS) return;
    this.#messages = null;
    void messages.stop();
    void this.#rebuild();
  }

  async #rebuild(): Promise<void> {
    this.#rebuilding = true;
    this.#rebuilds += 1;
    while (!this.#stopped) {
      try {
        await this.#open(this.#rebuildJs);
        break;
      } catch (error) {
        // The stream may have no leader for a moment (it is electing one after a node died).
        this.#options.onError(error);
        await delay(FLEET_RETRY_INTERVAL_MS);
      }
    }
    this.#rebuilding = false;
  }
}
