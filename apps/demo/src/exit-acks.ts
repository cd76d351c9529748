import type { Subscription } from '@gate4agent/handle';
import type { PhysicalExitAck } from '@gate4agent/runtime-native';

/** Physical-exit acks read from the runtime's ack subscription, looked up by operation id. */
export class ExitAcks {
  readonly #subscription: Subscription<PhysicalExitAck>;
  readonly #seen = new Map<number, PhysicalExitAck>();

  constructor(subscription: Subscription<PhysicalExitAck>) {
    this.#subscription = subscription;
  }

  /** Waits for the ack of operation `operationId`, keeping the others it reads on the way. */
  async of(operationId: number): Promise<PhysicalExitAck> {
    for (;;) {
      const seen = this.#seen.get(operationId);
      if (seen !== undefined) return seen;
      const next = await this.#subscription.next();
      if (next.done) throw new Error(`the runtime ended before operation ${operationId} exited`);
      this.#seen.set(next.value.operation.operationId, next.value);
    }
  }
}
