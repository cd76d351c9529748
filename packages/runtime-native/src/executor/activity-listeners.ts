/**
 * The listeners of an executor's activity signal. Called from Node's child-process callbacks; a
 * listener that throws is ignored so it can never break the bookkeeping of an operation.
 */
export class ActivityListeners {
  readonly #listeners = new Set<() => void>();

  /** Adds `listener`; the returned function removes it (idempotent). */
  add(listener: () => void): () => void {
    const entry = () => listener();
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }

  /** Calls every listener, isolating each one's exception. */
  notify(): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener();
      } catch {
        // Isolated by contract: an operation's state is already recorded.
      }
    }
  }
}
