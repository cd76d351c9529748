import { setTimeout as delay } from 'node:timers/promises';
import type { KV, KvEntry, KvWatchOptions } from '@nats-io/kv';
import { FLEET_RETRY_INTERVAL_MS } from '../constants.js';

/**
 * @internal Watches the host bucket and hands on every entry once, in revision order. The watch is
 * an ordered consumer with one replica; when the NATS node holding it dies, the client library does
 * not always recover it (seen: no entry for over a minute). The client notices when a direct read
 * of a host's key finds a revision the watch never delivered, and calls {@link rebuild}: a new watch
 * resumes after the last revision this one delivered (asked again until the cluster answers).
 */
export class HostWatch {
  readonly #kv: KV;
  readonly #onEntry: (entry: KvEntry) => void;
  readonly #onError: (error: unknown) => void;
  #watch: { stop(): void } | null = null;
  #revision = 0;
  #rebuilding = false;
  #stopped = false;
  #rebuilds = 0;

  private constructor(
    kv: KV,
    onEntry: (entry: KvEntry) => void,
    onError: (error: unknown) => void,
  ) {
    this.#kv = kv;
    this.#onEntry = onEntry;
    this.#onError = onError;
  }

  /** Starts watching (the first watch's failure rejects). */
  static async start(
    kv: KV,
    onEntry: (entry: KvEntry) => void,
    onError: (error: unknown) => void,
  ): Promise<HostWatch> {
    const watch = new HostWatch(kv, onEntry, onError);
    await watch.#open();
    return watch;
  }

  /** The revision of the last entry this watch delivered (0 before the first). */
  get revision(): number {
    return this.#revision;
  }

  /** How many times the watch was built again. */
  get rebuilds(): number {
    return this.#rebuilds;
  }

  /** Replaces the watch by one that resumes after the last delivered revision (idempotent while it runs). */
  rebuild(): void {
    if (this.#rebuilding || this.#stopped) return;
    this.#rebuilding = true;
    this.#rebuilds += 1;
    this.#watch?.stop();
    this.#watch = null;
    void (async () => {
      while (!this.#stopped) {
        try {
          await this.#open();
          break;
        } catch (error) {
          // The bucket may have no leader for a moment, or the new consumer landed on the dead node.
          this.#onError(error);
          await delay(FLEET_RETRY_INTERVAL_MS);
        }
      }
      this.#rebuilding = false;
    })();
  }

  /** Stops watching (idempotent). */
  stop(): void {
    this.#stopped = true;
    this.#watch?.stop();
    this.#watch = null;
  }

  async #open(): Promise<void> {
    const options: KvWatchOptions =
      this.#revision > 0 ? { resumeFromRevision: this.#revision + 1 } : {};
    const watch = await this.#kv.watch(options);
    if (this.#stopped) {
      watch.stop();
      return;
    }
    this.#watch = watch;
    void (async () => {
      for await (const entry of watch) {
        // A replaced watch's late entries, and any already delivered, are skipped.
        if (watch !== this.#watch || entry.revision <= this.#revision) continue;
        this.#revision = entry.revision;
        try {
          this.#onEntry(entry);
        } catch (error) {
          this.#onError(error);
        }
      }
    })().catch(this.#onError);
  }
}
