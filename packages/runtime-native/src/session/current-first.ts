/**
 * `rest` with `current` yielded first: the iterator behind `AgentSession.frames()`, which starts
 * with the frame on screen. An aborted `signal` rejects that first step with `signal.reason`;
 * `return()` ends `rest`.
 */
export function currentFirst<T>(
  current: T,
  rest: AsyncIterableIterator<T>,
  signal: AbortSignal | undefined,
): AsyncIterableIterator<T> {
  let first = true;
  return {
    next: async () => {
      if (!first) return rest.next();
      first = false;
      signal?.throwIfAborted();
      return { done: false, value: current };
    },
    return: async () => rest.return?.() ?? { done: true, value: undefined },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
