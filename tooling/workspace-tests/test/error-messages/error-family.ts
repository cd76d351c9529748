// The shape of one error union in the message acceptance test: its factory object (one function
// per variant) and one representative argument list per factory.

/** What a factory returns: a kind-tagged error with a readable message. */
export interface KindedMessage {
  readonly kind: string;
  readonly message: string;
}

/**
 * One sample: the factory's arguments, and optionally the values the message must name (by
 * default every string and number inside the arguments, and the message of any nested error).
 */
export type Sample =
  | readonly unknown[]
  | { readonly args: readonly unknown[]; readonly values: readonly string[] };

/** One error union of one package. */
export interface ErrorFamily {
  /** `<package> <TypeName>`, used in test titles and the allow-list. */
  readonly name: string;
  /** The factory object: one function per variant. */
  readonly factory: object;
  /** One sample per factory function, keyed like the factory. */
  readonly samples: Readonly<Record<string, Sample>>;
  /** Every kind of the union, where a schema lists them at run time. */
  readonly kinds?: readonly string[];
}

/** Factories that take the kind as an argument, as one function per kind. */
export function perKind<K extends string, E>(
  kinds: readonly K[],
  build: (kind: K) => E,
): Record<K, () => E> {
  return Object.fromEntries(kinds.map((kind) => [kind, () => build(kind)])) as Record<K, () => E>;
}
