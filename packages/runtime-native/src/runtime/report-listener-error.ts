/**
 * The default report of an exception a runtime listener threw: re-thrown in a later macrotask, so
 * it reaches `process.on('uncaughtException')` (ARCHITECTURE decision 17: reported, never
 * swallowed) without disturbing the tick that called the listener.
 */
export function reportListenerError(error: unknown): void {
  setImmediate(() => {
    throw error;
  });
}
