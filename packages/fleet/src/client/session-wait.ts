/**
 * Resolves with the first value `check` returns other than `undefined`, checked now and whenever a
 * function in `changed` is called; rejects with what `check` throws, with `signal.reason` when
 * aborted, or with a `TimeoutError` after `timeoutMs`.
 */
export function waitChanged<T>(
  changed: Set<() => void>,
  options: { readonly signal?: AbortSignal | undefined; readonly timeoutMs?: number | undefined },
  timeoutMessage: () => string,
  check: () => T | undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { signal, timeoutMs } = options;
    const timer =
      timeoutMs === undefined
        ? null
        : setTimeout(() => {
            finish();
            reject(new DOMException(timeoutMessage(), 'TimeoutError'));
          }, timeoutMs);
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
      if (timer !== null) clearTimeout(timer);
      changed.delete(attempt);
      signal?.removeEventListener('abort', onAbort);
    };
    if (signal?.aborted) {
      finish();
      reject(signal.reason);
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    changed.add(attempt);
    attempt();
  });
}
