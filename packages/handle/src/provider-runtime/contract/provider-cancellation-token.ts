/**
 * One monotonic cancellation flag: a binding's or an operation's. Once set it stays set; nobody
 * clears it. Owners of a binding or an operation hold the flag; tokens only read it.
 */
export class ProviderCancellationFlag {
  #cancelled = false;

  /** Whether the flag has been set. */
  isCancelled(): boolean {
    return this.#cancelled;
  }

  /** Sets the flag. Idempotent; the flag can never be cleared again. */
  cancel(): void {
    this.#cancelled = true;
  }
}

/**
 * A local, advisory view of cancellation: cancelled as soon as any of the flags it watches is set
 * (for an invocation: its operation's flag or its binding's flag). It says nothing about whether a
 * process actually stopped; the provider supervisor proves that. Readable synchronously, and cheap
 * to share: a token holds references to flags, never copies of them.
 */
export class ProviderCancellationToken {
  readonly #flags: readonly ProviderCancellationFlag[];

  /** A token that reports cancelled once any of `flags` is set. */
  constructor(...flags: ProviderCancellationFlag[]) {
    this.#flags = flags;
  }

  /** Whether any watched flag is set. Monotonic: once true, always true. */
  isCancelled(): boolean {
    return this.#flags.some((flag) => flag.isCancelled());
  }
}
