// The redaction contract: payload bytes, inline result bytes and opaque references never reach
// logs. Upstream hand-writes `Debug`; here the values that carry them inherit `util.inspect` and
// `toJSON` hooks that render `redact(value)` from one shared prototype. Wire encoding goes through
// the codecs, which copy the plain fields and so still carry the bytes.
//
// The hooks live on a prototype, not on each value, because defining two own properties per value
// costs microseconds (a runtime call per property, and a new hidden class per shape) on the hot
// path of every request, effect and completion, while switching a fresh object's prototype costs
// about as much as one more field.
import { utf8ByteLength } from '@gate4agent/types';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

type Inspect = (value: unknown, options?: object) => string;

const isByteArray = (value: unknown): boolean =>
  value instanceof Uint8Array ||
  (Array.isArray(value) && value.every((item) => typeof item === 'number'));

function redactEntries(source: Record<string, unknown>): Record<string, unknown> {
  const redacted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'payload' && isByteArray(value)) {
      redacted.payloadBytes = (value as ArrayLike<number>).length;
    } else if (key === 'bytes' && source.kind === 'inline' && isByteArray(value)) {
      redacted.byteLen = (value as ArrayLike<number>).length;
    } else if (
      key === 'reference' &&
      source.kind === 'opaque-reference' &&
      typeof value === 'string'
    ) {
      redacted.referenceBytes = utf8ByteLength(value);
    } else if (value instanceof Uint8Array) {
      redacted[`${key}Bytes`] = value.length;
    } else {
      redacted[key] = redact(value);
    }
  }
  return redacted;
}

/**
 * A plain copy of any tool-protocol value with its secrets replaced by their sizes, as upstream's
 * `Debug` does: `payload` → `payloadBytes`, inline `bytes` → `byteLen`, an opaque `reference` →
 * `referenceBytes` (UTF-8 bytes), and any other `Uint8Array` field `x` → `xBytes`. Safe to log.
 */
export function redact(value: unknown): unknown {
  if (value instanceof Uint8Array) return { byteLen: value.length };
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object' && value !== null) {
    return redactEntries(value as Record<string, unknown>);
  }
  return value;
}

function inspectRedacted(
  this: object,
  depth: number,
  options: { depth?: number | null },
  inspect: Inspect,
): string {
  return inspect(redact(this), { ...options, depth: options.depth === null ? null : depth });
}

function toJSONRedacted(this: object): unknown {
  return redact(this);
}

// Null-free, so `constructor` still resolves to `Object` (vitest `toStrictEqual` compares it).
/** The prototype {@link withRedaction} gives (internal: the codecs create copies with it). */
export const REDACTED_PROTOTYPE: object = Object.create(Object.prototype, {
  [INSPECT]: { value: inspectRedacted, enumerable: false, writable: false, configurable: false },
  toJSON: { value: toJSONRedacted, enumerable: false, writable: false, configurable: false },
});

/**
 * Gives `value` the redaction prototype, whose `util.inspect` and `toJSON` hooks render
 * {@link redact}, and returns it. `value` must be a plain object (its prototype `Object.prototype`).
 * The hooks add no own property: `Object.keys`, spreading and vitest `toEqual`/`toStrictEqual`
 * see the same value as before. `util.isDeepStrictEqual` compares prototypes, so it equates a
 * redacted value with another redacted value, not with a plain copy.
 */
export function withRedaction<T extends object>(value: T): T {
  if (Object.getPrototypeOf(value) === REDACTED_PROTOTYPE) return value;
  return Object.setPrototypeOf(value, REDACTED_PROTOTYPE) as T;
}

/**
 * A fresh, empty object with the redaction prototype, for a constructor to fill in field by field
 * (internal). It ends up as `withRedaction` of a plain object with the same fields would, without
 * switching the prototype of a finished object, which is slow in V8.
 */
export function redactedObject<T extends object>(): T {
  return Object.create(REDACTED_PROTOTYPE) as T;
}

/** Whether `value` carries the hooks of {@link withRedaction}. */
export function isRedacted(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === REDACTED_PROTOTYPE
  );
}
