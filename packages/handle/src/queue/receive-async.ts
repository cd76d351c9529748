import type { Result } from '@gate4agent/types';
import type { TryRecvError } from '../provider-runtime/contract/try-recv-error.js';

/** Options of every awaitable receive (ARCHITECTURE decision 17). */
export interface ReceiveOptions {
  /**
   * Ends the wait: the promise rejects with `signal.reason` (an `AbortError` `DOMException` unless
   * the caller aborted with a reason of its own), and nothing is taken from the queue.
   */
  readonly signal?: AbortSignal | undefined;
}

/**
 * What an awaitable receive reads from: the non-blocking receive every queue already has, plus a
 * notification after anything that can change its answer (a send, or either end closing).
 */
export interface AsyncReceiveSource<T> {
  /** The next item, `empty` for now, or `disconnected` for good. */
  tryRecv(): Result<T, TryRecvError>;
  /** Calls `listener` after every change that can make `tryRecv` answer differently. */
  onReadable(listener: () => void): () => void;
}

const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

function settled<T>(received: Result<T, TryRecvError>): IteratorResult<T, undefined> | null {
  if (received.ok) return { done: false, value: received.value };
  return received.error.kind === 'disconnected' ? DONE : null;
}

/**
 * Waits for the next item of `source`. Resolves `{ done: false, value }` with the oldest item, or
 * `{ done: true }` once the source is disconnected and drained; no timer is involved: the source's
 * own readiness notification settles the promise. Several waiters on one source each receive a
 * different item, in the order they started waiting.
 */
export function receiveNext<T>(
  source: AsyncReceiveSource<T>,
  options: ReceiveOptions = {},
): Promise<IteratorResult<T, undefined>> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const now = settled(source.tryRecv());
  if (now !== null) return Promise.resolve(now);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      stop();
      reject(signal?.reason);
    };
    const unsubscribe = source.onReadable(() => {
      const next = settled(source.tryRecv());
      if (next === null) return;
      stop();
      resolve(next);
    });
    function stop() {
      unsubscribe();
      signal?.removeEventListener('abort', onAbort);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * An async iterator over `source`: each `next()` is a {@link receiveNext}. Iteration ends when the
 * source is disconnected and drained; an aborted `signal` makes the pending `next()` (and so a
 * `for await` loop) reject with `signal.reason`. Leaving the loop early (`break`, `return`, a throw)
 * calls `onReturn` once, which owners use to close the reading end.
 */
export function receiveIterator<T>(
  source: AsyncReceiveSource<T>,
  options: ReceiveOptions & { readonly onReturn?: (() => void) | undefined } = {},
): AsyncIterableIterator<T, undefined, undefined> {
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    options.onReturn?.();
  };
  return {
    async next() {
      if (finished) return DONE;
      const result = await receiveNext(source, options);
      if (result.done) finished = true;
      return result;
    },
    async return() {
      finish();
      return DONE;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
