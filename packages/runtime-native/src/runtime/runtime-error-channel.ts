import { SubscriberList, type Subscription } from '@gate4agent/handle';
import { MAX_RUNTIME_ERROR_SUBSCRIBERS } from '../constants.js';
import { NativeRuntimeError } from './native-runtime-error.js';

/**
 * The runtime's one error channel: listeners (`onError`) and bounded subscriptions
 * (`subscribeErrors`, with the handle package's async forms). An error nobody receives, and an
 * exception a listener throws, is re-thrown from a later macrotask: never swallowed.
 */
export class RuntimeErrorChannel {
  readonly #listeners = new Set<(error: NativeRuntimeError) => void>();
  readonly #subscribers = new SubscriberList<NativeRuntimeError>(MAX_RUNTIME_ERROR_SUBSCRIBERS);

  /** Adds a listener; returns the unsubscribe function (idempotent). */
  onError(listener: (error: NativeRuntimeError) => void): () => void {
    const entry = (error: NativeRuntimeError) => listener(error);
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }

  /** A bounded subscription of `capacity`; a reader that falls behind is disconnected. */
  subscribe(capacity: number): Subscription<NativeRuntimeError> {
    return this.#subscribers.subscribe(capacity);
  }

  /** Reports `error` to every listener and subscriber. */
  report(error: NativeRuntimeError): void {
    const published = this.#subscribers.publishOne(error);
    let received = published.delivered > 0;
    for (const listener of [...this.#listeners]) {
      received = true;
      try {
        listener(error);
      } catch (thrown) {
        // A listener of the error channel cannot report to itself: the host sees it instead.
        rethrowLater(NativeRuntimeError.listenerThrew(thrown));
      }
    }
    if (!received && error.kind !== 'provider-faulted') rethrowLater(error);
  }

  /** Drops every listener and subscriber (each reader drains, then sees the end). */
  close(): void {
    this.#listeners.clear();
    this.#subscribers.clear();
  }
}

function rethrowLater(error: NativeRuntimeError): void {
  const thrown = Object.assign(new Error(error.message), {
    kind: error.kind,
    cause: 'cause' in error ? error.cause : undefined,
  });
  setTimeout(() => {
    throw thrown;
  }, 0);
}
