/**
 * A failed request to a native provider operation. `code` is a short, fixed, executor-chosen tag
 * (for example `fixture-kill-failed`) that the supervisor copies into its fault; it must never
 * carry secrets or free-form process output.
 */
export interface NativeProviderOperationError {
  readonly code: string;
  readonly message: string;
}

/** Factory of {@link NativeProviderOperationError}. */
export const NativeProviderOperationError = {
  /** An error tagged `code`. */
  of: (code: string): NativeProviderOperationError => ({
    code,
    message: `native provider operation failed: ${code}; check the executor's documentation and logs for this code`,
  }),
} as const;
