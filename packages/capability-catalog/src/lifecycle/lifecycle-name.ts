import { err, ok, type Result, utf8ByteLength } from '@gate4agent/types';
import { CapabilityScopeError } from '../errors/capability-scope-error.js';

const NAME = /^[a-z0-9._-]+$/;
const ALNUM = /^[a-z0-9]$/;

/**
 * Checks a bounded lowercase name (`[a-z0-9._-]`, alphanumeric at both ends, 1..=max bytes);
 * `invalid` builds the error for a bad shape, and over-long names are `bound-exceeded{field}`.
 */
export function validateScopeName(
  value: string,
  field: string,
  max: number,
  invalid: (reason: string) => CapabilityScopeError,
): Result<string, CapabilityScopeError> {
  if (value.length === 0) return err(invalid('it is empty'));
  if (utf8ByteLength(value) > max) return err(CapabilityScopeError.boundExceeded(field, max));
  if (!NAME.test(value)) return err(invalid('it contains non-canonical characters'));
  if (!ALNUM.test(value[0] ?? '') || !ALNUM.test(value.at(-1) ?? '')) {
    return err(invalid('it must start and end with a lowercase letter or digit'));
  }
  return ok(value);
}
