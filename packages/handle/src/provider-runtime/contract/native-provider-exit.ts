/**
 * The proven physical exit of a native provider operation. `code` is the exit code, `null` when
 * the process ended by a signal (or the executor has no code to report).
 */
export interface NativeProviderExit {
  readonly success: boolean;
  readonly code: number | null;
}
