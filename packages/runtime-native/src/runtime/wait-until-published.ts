/** Options of `NativeRuntime.waitUntil`. */
export interface WaitUntilOptions {
  /** Ends the wait: rejects with `signal.reason`. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Resolves with the first value of `check` that is neither `undefined`, `null` nor `false`,
 * checked now and after every publication (`onPublish`): a wait on any snapshot condition with no
 * timer and no poll. A `check` that throws rejects the wait.
 */
export function waitUntilPublished<T>(
  onPublish: (listener: () => void) => () => void,
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
      if (value === undefined || value === null || value === false) return;
      finish();
      resolve(value);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    attempt();
    if (!done) unsubscribe = onPublish(attempt);
  });
}
