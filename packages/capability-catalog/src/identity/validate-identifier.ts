import { err, hasControlChar, ok, type Result, utf8ByteLength } from '@gate4agent/types';
import { MAX_CAPABILITY_IDENTIFIER_BYTES } from '../constants.js';
import { CapabilitySetError } from '../errors/capability-set-error.js';

const CANONICAL = /^[a-z0-9\-_./]*$/;
// Rust's `trim()` strips Unicode White_Space, which differs from `String.prototype.trim` on
// U+FEFF (not stripped by Rust) and U+0085 (stripped by Rust).
const RUST_WHITE_SPACE =
  '[\\t\\n\\v\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]';
const PADDED = new RegExp(`^${RUST_WHITE_SPACE}|${RUST_WHITE_SPACE}$`, 'u');
const ALNUM = /^[a-z0-9]$/;

/**
 * Checks the canonical identifier rule, in the upstream order: empty, over 256 bytes, a character
 * outside `[a-z0-9-_./]`, then an unsafe boundary or path segment (`""`, `.`, `..`).
 */
export function validateIdentifier(
  field: string,
  value: string,
): Result<string, CapabilitySetError> {
  if (value.length === 0) return err(CapabilitySetError.invalidIdentifier(field, 'it is empty'));
  if (utf8ByteLength(value) > MAX_CAPABILITY_IDENTIFIER_BYTES) {
    return err(CapabilitySetError.boundExceeded(field, MAX_CAPABILITY_IDENTIFIER_BYTES));
  }
  if (!CANONICAL.test(value)) {
    return err(CapabilitySetError.invalidIdentifier(field, 'it contains non-canonical characters'));
  }
  const unsafeSegment = value.split('/').some((s) => s === '' || s === '.' || s === '..');
  if (!ALNUM.test(value[0] ?? '') || !ALNUM.test(value.at(-1) ?? '') || unsafeSegment) {
    return err(
      CapabilitySetError.invalidIdentifier(field, 'it has an unsafe boundary or path segment'),
    );
  }
  return ok(value);
}

/**
 * Checks bounded text (a version or public name): non-empty, equal to its own trim, free of
 * control characters, and at most `max` UTF-8 bytes.
 */
export function validateBoundedText(
  field: string,
  value: string,
  max: number,
): Result<string, CapabilitySetError> {
  if (value.length === 0 || PADDED.test(value) || hasControlChar(value)) {
    return err(
      CapabilitySetError.invalidIdentifier(
        field,
        'it is empty, padded, or contains control characters',
      ),
    );
  }
  if (utf8ByteLength(value) > max) return err(CapabilitySetError.boundExceeded(field, max));
  return ok(value);
}
