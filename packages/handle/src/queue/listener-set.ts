/**
 * Listeners told, synchronously, that something happened: an item was enqueued (the ingress
 * behind `ControlPlaneKernelPort.onIngress`) or an executor saw activity. A listener that throws
 * never makes the producer fail (or half-fail): what was signalled already happened. The
 * exception is reported, never swallowed: to `onListenerError` when the owner gave one (the
 * runtime's error channel), otherwise it is re-thrown from a later task, where the host's
 * `uncaughtException` handling sees it.
 */
export class ListenerSet {
  readonly #listeners = new Set<() => void>();
  #onListenerError: ((error: unknown) => void) | null;

  /** `onListenerError` receives what a listener threw (see the class comment). */
  constructor(onListenerError: ((error: unknown) => void) | null = null) {
    this.#onListenerError = onListenerError;
  }

  /** Sets (or with `null` clears) where listener exceptions go from now on. */
  setOnListenerError(onListenerError: ((error: unknown) => void) | null): void {
    this.#onListenerError = onListenerError;
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

  /** Calls every listener in subscription order; each one's exception is reported, not thrown. */
  notify(): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener();
      } catch (error) {
        this.#report(error);
      }
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.#listeners.clear();
  }

  #report(error: unknown): void {
    const handler = this.#onListenerError;
    if (handler !== null) {
      try {
        handler(error);
        return;
      } catch (handlerError) {
        rethrowLater(handlerError);
      }
    }
    rethrowLater(error);
  }
}

// Pure code has no timers: a rejected promise is the platform's own "later", reported by the host
// as an unhandled rejection (Node: an uncaught exception by default), never lost.
function rethrowLater(error: unknown): void {
  void Promise.reject(error);
}
