// The redaction contract: payload bytes, inline result bytes and opaque references never reach
// logs. Upstream hand-writes `Debug`; here the values that carry them get non-enumerable
// `util.inspect` and `toJSON` hooks that render `redact(value)`. Wire encoding goes through the
// codecs, which copy the plain fields and so still carry the bytes.
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

/**
 * Gives `value` non-enumerable `util.inspect` and `toJSON` hooks that render {@link redact}, and
 * returns it. Equality (`isDeepStrictEqual`, vitest `toEqual`) ignores the hooks.
 */
export function withRedaction<T extends object>(value: T): T {
  Object.defineProperty(value, INSPECT, {
    value: inspectRedacted,
    enumerable: false,
    configurable: true,
  });
  Object.defineProperty(value, 'toJSON', {
    value: toJSONRedacted,
    enumerable: false,
    configurable: true,
  });
  return value;
}

/** Whether `value` carries the hooks of {@link withRedaction}. */
export function isRedacted(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.hasOwn(value, INSPECT) &&
    Object.hasOwn(value, 'toJSON')
  );
}
