import type { CapabilityCompletionEnvelope, CapabilityRequestKey } from '@gate4agent/tool-protocol';
import type { FleetCompletion } from './fleet-completion.js';

interface OpenRequest {
  readonly hostId: string;
  readonly input: { instanceId: number; generation: number; providerId: string };
  readonly requestKey: CapabilityRequestKey;
  readonly resolve: (completion: FleetCompletion) => void;
}

const keyOf = (hostId: string, consumerId: string, localId: number) =>
  JSON.stringify([hostId, consumerId, localId]);

/**
 * The tool requests a fleet client has open, keyed by (host, consumer, local id). Each one is
 * completed exactly once: by the host's completion or by the loss of its host, whichever comes
 * first; the entry is deleted when it is completed, so the other is dropped.
 */
export class OpenRequests {
  readonly #open = new Map<string, OpenRequest>();

  /** How many requests are open. */
  get size(): number {
    return this.#open.size;
  }

  /** Registers a request before it is sent (its completion may arrive before the reply). */
  open(hostId: string, request: Omit<OpenRequest, 'hostId'>): () => void {
    const key = keyOf(hostId, request.requestKey.consumerId, request.requestKey.localId);
    this.#open.set(key, { hostId, ...request });
    return () => this.#open.delete(key);
  }

  /** Completes the request of `completion`; returns false when it was not open (a duplicate). */
  complete(hostId: string, completion: CapabilityCompletionEnvelope): boolean {
    const { consumerId, localId } = completion.requestKey;
    const key = keyOf(hostId, consumerId, localId);
    const open = this.#open.get(key);
    if (open === undefined) return false;
    this.#open.delete(key);
    open.resolve(completion);
    return true;
  }

  /** Completes every request open on `hostId` with a `host-lost` completion; returns how many. */
  hostLost(hostId: string, message: string): number {
    let count = 0;
    for (const [key, open] of [...this.#open]) {
      if (open.hostId !== hostId) continue;
      this.#open.delete(key);
      count += 1;
      open.resolve({
        requestKey: open.requestKey,
        instanceId: open.input.instanceId,
        generation: open.input.generation,
        providerId: open.input.providerId,
        operationId: null,
        outcome: { kind: 'host-lost', hostId, message },
      });
    }
    return count;
  }
}
