import { Gate4AgentError } from '@gate4agent/types';

/** Options of `NativeRuntime.waitUntil`. */
export interface WaitUntilOptions {
  /** Ends the wait: rejects with `signal.reason`. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Resolves with the first value of `check` that is neither `undefined`, `null` nor `false`,
 * checked now and after every publication (`onPublish`): a wait on any snapshot condition with no
 * timer and no poll. A `check` that throws rejects the wait, and so does the runtime's disposal
 * (`disposed()` turns true) while the condition does not hold.
 */
export function waitUntilPublished<T>(
  onPublish: (listener: () => void) => () => void,
  disposed: () => boolean,
  check: () => T | undefined | null | false,
  options: WaitUntilOptions = {},
): Promise<T> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    let unsubscribe: (() => void) | null = null;
    let done = false;
    const finish = () => {
      done = true;
      unsubscribe?.();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal?.reason);
    };
    const attempt = () => {
      if (done) return;
      let value: T | undefined | null | false;
      try {
        value = check();
      } catch (error) {
        finish();
        reject(error);
        return;
      }
      if (value === undefined || value === null || value === false) {
        if (!disposed()) return;
        finish();
        reject(
          new Gate4AgentError(
            'disposed',
            'the runtime was disposed before the awaited condition held; build a new runtime to keep going',
          ),
        );
        return;
      }
      finish();
      resolve(value);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    attempt();
    if (!done) unsubscribe = onPublish(attempt);
  });
}
