/**
 * Resolves with the first value `check` returns other than `undefined`, checked now and each time
 * the session calls the functions in `changed` (after every publication); rejects with what
 * `check` throws, or with `signal.reason` when aborted. No timer is involved.
 */
export function untilChanged<T>(
  changed: Set<() => void>,
  signal: AbortSignal | undefined,
  check: () => T | undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const attempt = () => {
      let value: T | undefined;
      try {
        value = check();
      } catch (error) {
        finish();
        reject(error);
        return;
      }
      if (value === undefined) return;
      finish();
      resolve(value);
    };
    const onAbort = () => {
      finish();
      reject(signal?.reason);
    };
    const finish = () => {
      changed.delete(attempt);
      signal?.removeEventListener('abort', onAbort);
    };
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    changed.add(attempt);
    attempt();
  });
}

/**
 * A signal that aborts with a `TimeoutError` `DOMException` (its message from `message()`) after
 * `timeoutMs`, or never when `timeoutMs` is undefined; combined with `signal` when one is given.
 * Call `clear()` when the wait is over, so no timer outlives it.
 */
export function timeoutSignal(
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
  message: () => string,
): { readonly signal: AbortSignal | undefined; clear(): void } {
  if (timeoutMs === undefined) return { signal, clear: () => undefined };
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException(message(), 'TimeoutError')),
    timeoutMs,
  );
  return {
    signal: signal === undefined ? timeout.signal : AbortSignal.any([signal, timeout.signal]),
    clear: () => clearTimeout(timer),
  };
}
