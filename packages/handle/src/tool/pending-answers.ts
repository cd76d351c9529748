import type { Result } from '@gate4agent/types';
import { Gate4AgentError } from '@gate4agent/types';

interface Waiter<V> {
  readonly resolve: (value: V) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Promises waiting for the one answer a publish gives to something a handle sent: a request's
 * completion (by local id) or an authority command's outcome (by sequence). The publishing side
 * settles them synchronously inside its publish; no timer is involved. An answer nobody waits for
 * is ignored.
 */
export class PendingAnswers<K, V> {
  readonly #waiters = new Map<K, Waiter<V>>();

  /** Whether something waits for `key`. */
  has(key: K): boolean {
    return this.#waiters.has(key);
  }

  /** A promise of the answer to `key`; the caller checked {@link has} first. */
  wait(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.#waiters.set(key, { resolve, reject });
    });
  }

  /**
   * Settles the waiter of `key`, if any: a value resolves it; an error (a kind-tagged value with a
   * message) rejects it with a `Gate4AgentError` of the same kind whose `cause` is the value.
   */
  settle(key: K, answer: Result<V, { readonly kind: string; readonly message: string }>): void {
    const waiter = this.#waiters.get(key);
    if (waiter === undefined) return;
    this.#waiters.delete(key);
    if (answer.ok) waiter.resolve(answer.value);
    else {
      const { kind, message } = answer.error;
      waiter.reject(new Gate4AgentError(kind, message, { cause: answer.error }));
    }
  }

  /** Rejects every waiter with `error` (the control plane went away). */
  rejectAll(error: unknown): void {
    const waiters = [...this.#waiters.values()];
    this.#waiters.clear();
    for (const waiter of waiters) waiter.reject(error);
  }
}
