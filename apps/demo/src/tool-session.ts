import type { ToolCompletionSubscription } from '@gate4agent/handle';
import type { NativeRuntime, PhysicalExitAck } from '@gate4agent/runtime-native';
import type { CapabilityCompletionEnvelope } from '@gate4agent/tool-protocol';
import { waitFor } from './wait.js';

/** Collects completions (by request local id) and physical-exit acks (by operation id). */
export class ToolSession {
  readonly #runtime: NativeRuntime;
  readonly #completions: ToolCompletionSubscription;
  readonly #completed = new Map<number, CapabilityCompletionEnvelope>();
  readonly #acks = new Map<number, PhysicalExitAck>();

  constructor(runtime: NativeRuntime, completions: ToolCompletionSubscription) {
    this.#runtime = runtime;
    this.#completions = completions;
  }

  /** Waits for the completion of request `localId`. */
  completion(localId: number): Promise<CapabilityCompletionEnvelope> {
    return waitFor(`the completion of request ${localId}`, () => {
      this.#collect();
      return this.#completed.get(localId);
    });
  }

  /** Waits for the physical-exit ack of operation `operationId`. */
  ack(operationId: number): Promise<PhysicalExitAck> {
    return waitFor(`the exit ack of operation ${operationId}`, () => {
      this.#collect();
      return this.#acks.get(operationId);
    });
  }

  /** Acks drained but not yet asked for (after shutdown, say). */
  collectAcks(): PhysicalExitAck[] {
    this.#collect();
    return [...this.#acks.values()];
  }

  #collect(): void {
    for (let next = this.#completions.tryRecv(); next.ok; next = this.#completions.tryRecv()) {
      if (next.value.kind !== 'completion') {
        throw new Error(`completion gap: ${JSON.stringify(next.value)}`);
      }
      this.#completed.set(next.value.completion.requestKey.localId, next.value.completion);
    }
    for (const ack of this.#runtime.drainProviderExitAcks(32)) {
      this.#acks.set(ack.operation.operationId, ack);
    }
  }
}
