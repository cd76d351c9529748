/**
 * Listeners told, synchronously, that something happened: an item was enqueued (the ingress
 * behind `ControlPlaneKernelPort.onIngress`) or an executor saw activity. A listener that throws
 * is isolated, so no producer ever fails (or half-fails) because of what a listener did.
 */
export class ListenerSet {
  readonly #listeners = new Set<() => void>();

  /** Adds `listener`; the returned function removes it (idempotent). */
  add(listener: () => void): () => void {
    // A wrapper per subscription, so the same function subscribed twice is removed per call.
    const entry = () => listener();
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }

  /** Calls every listener in subscription order, isolating each one's exception. */
  notify(): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener();
      } catch {
        // Isolated by contract: what was signalled already happened and must stay a success.
      }
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.#listeners.clear();
  }
}
