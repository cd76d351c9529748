import { setTimeout as delay } from 'node:timers/promises';
import type { JetStreamClient } from '@nats-io/jetstream';
import { FLEET_PUBLISH_RETRY_MS, FLEET_RETRY_INTERVAL_MS } from '../constants.js';

/**
 * Publishes a host's events to JetStream one after the other (so a session's events are stored in
 * the order its runtime published them), each with a unique `Nats-Msg-Id`
 * (`<hostId>-<epoch>-<seq>`): a publish retried by the client library is stored once.
 */
export class EventOutbox {
  readonly #js: JetStreamClient;
  readonly #prefix: string;
  readonly #report: (error: unknown) => void;
  #seq = 0;
  #chain: Promise<void> = Promise.resolve();

  constructor(
    js: JetStreamClient,
    hostId: string,
    epoch: string,
    report: (error: unknown) => void,
  ) {
    this.#js = js;
    this.#prefix = `${hostId}-${epoch}`;
    this.#report = report;
  }

  /** Queues `body` (JSON) for `subject`. */
  publish(subject: string, body: unknown): void {
    this.#seq += 1;
    const msgID = `${this.#prefix}-${this.#seq}`;
    const data = JSON.stringify(body);
    this.#chain = this.#chain.then(async () => {
      // While the cluster elects a new leader (a node died), publishes fail for a few seconds:
      // retry with the same message id, which the stream stores once.
      const deadline = performance.now() + FLEET_PUBLISH_RETRY_MS;
      for (;;) {
        try {
          await this.#js.publish(subject, data, { msgID, retries: 5 });
          return;
        } catch (error) {
          if (performance.now() > deadline) {
            this.#report(error);
            return;
          }
          await delay(FLEET_RETRY_INTERVAL_MS);
        }
      }
    });
  }

  /** Resolves once everything queued so far was stored or reported. */
  flushed(): Promise<void> {
    return this.#chain;
  }
}
