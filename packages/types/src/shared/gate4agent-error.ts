/**
 * The one exception type of gate4agent: thrown for misuse (a broken invariant, an argument of the
 * wrong type) and by {@link unwrap}. Expected failures are `Result` values, never exceptions.
 */
export class Gate4AgentError extends Error {
  /** Kebab-case tag of what went wrong; for `unwrap`, the `kind` of the unwrapped error. */
  readonly kind: string;

  constructor(kind: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'Gate4AgentError';
    this.kind = kind;
  }
}
