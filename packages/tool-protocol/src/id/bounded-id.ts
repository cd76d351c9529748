// Bounded string identifiers: validated once at construction (and at decoding, as serde does with
// `try_from`), then carried as branded strings so an unchecked string cannot take their place.
import { err, isBlank, ok, type Result, utf8ByteLength, type WireCodec } from '@gate4agent/types';
import Type, { type TRefine, type TUnsafe } from 'typebox';
import { InvalidToolContractError, ToolValidationError } from '../errors.js';
import { toolCodec } from '../schema/tool-codec.js';

const IDENTIFIER_BYTES = /^[A-Za-z0-9._:/-]*$/;

/**
 * The upstream identifier rule, in its order: blank → `required`; more than `max` UTF-8 bytes →
 * `too-large`; any byte outside `A–Z a–z 0–9 - _ . : /` → `invalid-identifier`.
 */
export function validateIdentifier(
  field: string,
  value: string,
  max: number,
): Result<void, ToolValidationError> {
  if (isBlank(value)) return err(ToolValidationError.required(field));
  const actual = utf8ByteLength(value);
  if (actual > max) return err(ToolValidationError.tooLarge(field, max, actual));
  if (!IDENTIFIER_BYTES.test(value)) return err(ToolValidationError.invalidIdentifier(field));
  return ok();
}

/**
 * Whether `value` passes {@link validateIdentifier} with limit `max`, without building its result:
 * the allowed characters are ASCII and none is blank, so a non-empty match of at most `max` UTF-16
 * units is exactly a non-blank identifier of at most `max` UTF-8 bytes.
 */
function isIdentifier(value: string, max: number): boolean {
  return value.length > 0 && value.length <= max && IDENTIFIER_BYTES.test(value);
}

/** Byte-order comparison of two ids; ids are ASCII, so UTF-16 order is byte order. */
export function compareIds(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Keyword on an id schema that `toJsonSchema` turns into `pattern` and `maxLength`. */
export const BOUNDED_ID_KEYWORD = 'x-gate4agent-bounded-id';

/** The factory of one bounded string id. */
export interface BoundedIdFactory<T extends string> {
  /** The name used in errors, for example `"tool actor id"`. */
  readonly field: string;
  /** The UTF-8 byte limit. */
  readonly maxBytes: number;
  /** Wire schema: a string that decodes only when it passes {@link validateIdentifier}. */
  readonly schema: TRefine<TUnsafe<T>>;
  /** Compiled decoder/encoder of {@link BoundedIdFactory.schema}. */
  readonly codec: WireCodec<TRefine<TUnsafe<T>>>;
  /** Validates `value` and returns it branded, or the first rule it breaks. */
  tryOf(value: string): Result<T, ToolValidationError>;
  /** Like {@link tryOf} but throws {@link InvalidToolContractError}; for trusted literals. */
  of(value: string): T;
  /** @deprecated use {@link BoundedIdFactory.tryOf} (one name per concept; upstream `try_new`). */
  tryNew(value: string): Result<T, ToolValidationError>;
  /** @deprecated use {@link BoundedIdFactory.of} (one name per concept; upstream `new`). */
  'new'(value: string): T;
  /** Whether `value` is a string that passes validation. */
  is(value: unknown): value is T;
  /** Byte-order comparison, as Rust's derived `Ord` on the inner string. */
  compare(left: T, right: T): number;
}

/** Builds the factory of a bounded id; `field` names it in errors. */
export function boundedId<T extends string>(
  name: string,
  field: string,
  maxBytes: number,
): BoundedIdFactory<T> {
  const tryNew = (value: string): Result<T, ToolValidationError> => {
    const checked = validateIdentifier(field, value, maxBytes);
    return checked.ok ? ok(value as T) : checked;
  };
  const of = (value: string): T => {
    const result = tryNew(value);
    if (!result.ok) throw new InvalidToolContractError(result.error);
    return result.value;
  };
  const schema = Type.Refine(
    Type.Unsafe<T>(
      Type.String({
        title: name,
        description: `${field}: 1 to ${maxBytes} bytes of A-Z a-z 0-9 - _ . : /`,
        [BOUNDED_ID_KEYWORD]: maxBytes,
      }),
    ),
    (value) => isIdentifier(value, maxBytes),
    (value) => {
      const checked = validateIdentifier(field, value, maxBytes);
      return checked.ok ? 'valid' : checked.error.message;
    },
  );
  return {
    field,
    maxBytes,
    schema,
    codec: toolCodec(name, schema),
    tryOf: tryNew,
    of,
    tryNew,
    new: of,
    is: (value): value is T => typeof value === 'string' && isIdentifier(value, maxBytes),
    compare: compareIds,
  };
}
