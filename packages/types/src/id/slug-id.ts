// AgentId and AdapterId share one rule set: a lowercase ASCII slug checked in a fixed order
// (empty, byte length, charset, boundary) so each input maps to exactly one error variant.
import Type, { type TUnsafe } from 'typebox';
import { Gate4AgentError } from '../shared/gate4agent-error.js';
import { err, ok, type Result } from '../shared/result.js';
import { utf8ByteLength } from '../shared/text.js';

declare const brand: unique symbol;

/** A `string` that only a validating factory can produce. */
export type BrandedString<B extends string> = string & { readonly [brand]: B };

/** Why a slug id was rejected. `label` is `agent ID` or `adapter ID`. */
export type SlugIdError =
  | { readonly kind: 'empty'; readonly message: string }
  | {
      readonly kind: 'too-long';
      readonly len: number;
      readonly max: number;
      readonly message: string;
    }
  | { readonly kind: 'invalid-characters'; readonly value: string; readonly message: string }
  | { readonly kind: 'invalid-boundary'; readonly value: string; readonly message: string };

/** Builds the four error variants of one slug id, with the upstream wording. */
export function slugIdErrors(label: string) {
  return {
    empty: (): SlugIdError => ({
      kind: 'empty',
      message: `${label} cannot be empty; pass a lowercase slug such as 'claude-code'`,
    }),
    tooLong: (len: number, max: number): SlugIdError => ({
      kind: 'too-long',
      len,
      max,
      message: `${label} length ${len} exceeds the ${max}-byte limit; shorten it`,
    }),
    invalidCharacters: (value: string): SlugIdError => ({
      kind: 'invalid-characters',
      value,
      message: `${label} must contain only lowercase ASCII letters, digits, '-' or '_': ${value}; use only those`,
    }),
    invalidBoundary: (value: string): SlugIdError => ({
      kind: 'invalid-boundary',
      value,
      message: `${label} cannot start or end with '-' or '_': ${value}; remove the leading or trailing separator`,
    }),
  };
}

const SLUG_CHARACTERS = /^[a-z0-9_-]*$/;

/** The factory of one slug id type. */
export interface SlugIdFactory<T extends string> {
  /** TypeBox schema: a string that passes the same checks as {@link SlugIdFactory.tryNew}. */
  readonly schema: TUnsafe<T>;
  /** Validates `value`; the error names the first rule it breaks. */
  tryOf(value: string): Result<T, SlugIdError>;
  /** Validates `value`, throwing {@link Gate4AgentError} with the error's kind on misuse. */
  of(value: string): T;
  /** @deprecated use {@link SlugIdFactory.tryOf} (one name per concept; upstream `try_new`). */
  tryNew(value: string): Result<T, SlugIdError>;
  /** @deprecated use {@link SlugIdFactory.of} (one name per concept; upstream `new`). */
  'new'(value: string): T;
  /** Whether `value` is a valid id. */
  is(value: unknown): value is T;
  /** Byte-order comparison, as Rust's derived `Ord` on the inner string. */
  compare(left: T, right: T): number;
}

/** Builds the factory of a slug id limited to `max` bytes; `label` words the messages. */
export function slugId<T extends string>(
  name: string,
  label: string,
  max: number,
): SlugIdFactory<T> {
  const errors = slugIdErrors(label);
  const check = (value: string): SlugIdError | null => {
    if (value.length === 0) return errors.empty();
    const len = utf8ByteLength(value);
    if (len > max) return errors.tooLong(len, max);
    if (!SLUG_CHARACTERS.test(value)) return errors.invalidCharacters(value);
    const first = value[0];
    const last = value[value.length - 1];
    if (first === '-' || first === '_' || last === '-' || last === '_') {
      return errors.invalidBoundary(value);
    }
    return null;
  };
  const schema = Type.Unsafe<T>(
    Type.Refine(
      Type.String({
        description: `${name}: ${label}, lowercase ASCII slug of at most ${max} bytes`,
      }),
      (value) => check(value) === null,
      (value) => check(value)?.message ?? `invalid ${label}`,
    ),
  );
  const tryOf = (value: string): Result<T, SlugIdError> => {
    const error = check(value);
    return error === null ? ok(value as T) : err(error);
  };
  const of = (value: string): T => {
    const error = check(value);
    if (error !== null) throw new Gate4AgentError(error.kind, error.message, { cause: error });
    return value as T;
  };
  return {
    schema,
    tryOf,
    of,
    tryNew: tryOf,
    new: of,
    is: (value): value is T => typeof value === 'string' && check(value) === null,
    compare: (left, right) => (left < right ? -1 : left > right ? 1 : 0),
  };
}
