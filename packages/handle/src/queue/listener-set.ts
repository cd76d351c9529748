/**
 * Listeners told, synchronously, that something happened: an item was enqueued (the ingress
 * behind `ControlPlaneKernelPort.onIngress`) or an executor saw activity. A listener that throws
 * is isolated, so no producer ever fails (or half-fails) because of what a listener did; its
 * exception goes to the `report` function given at construction (a runtime re-throws it later or
 * emits it as an error event, ARCHITECTURE decision 17).
 */
export class ListenerSet {
  readonly #listeners = new Set<() => void>();
  readonly #report: ((error: unknown) => void) | null;

  /** `report` receives what a listener threw; without one the exception is dropped. */
  constructor(report: ((error: unknown) => void) | null = null) {
    this.#report = report;
  }

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
      } catch (error) {
        // Isolated by contract: what was signalled already happened and must stay a success.
        this.#report?.(error);
      }
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.#listeners.clear();
  }
}
