import { loadRuntimeNative } from '../runtime-native-module.js';

/**
 * Resolves with the first value `check` returns other than `undefined`, checked now and whenever a
 * function in `changed` is called; rejects with what `check` throws, with `signal.reason` when
 * aborted, or with a `TimeoutError` after `timeoutMs`. The local session's own wait
 * (`untilChanged` + `timeoutSignal` of `@gate4agent/runtime-native`), so both time out alike.
 */
export async function waitChanged<T>(
  changed: Set<() => void>,
  options: { readonly signal?: AbortSignal | undefined; readonly timeoutMs?: number | undefined },
  timeoutMessage: () => string,
  check: () => T | undefined,
): Promise<T> {
  const { timeoutSignal, untilChanged } = await loadRuntimeNative();
  const wait = timeoutSignal(options.signal, options.timeoutMs, timeoutMessage);
  try {
    return await untilChanged(changed, wait.signal, check);
  } finally {
    wait.clear();
  }
}
