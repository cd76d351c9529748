// The field rules of provider ingress: single-line fields reject every control character,
// multi-line text keeps `\n \r \t`; "required" adds a blank check first.
import { err, ok, type Result } from '../shared/result.js';
import { hasControlChar, hasNonTextControlChar, isBlank, utf8ByteLength } from '../shared/text.js';
import { ProviderEventValidationError } from './provider-event-validation-error.js';

type Checked = Result<void, ProviderEventValidationError>;

/** A single-line field: at most `max` bytes and no control character; empty is allowed. */
export function validateIdentifier(field: string, value: string, max: number): Checked {
  if (utf8ByteLength(value) > max || hasControlChar(value)) {
    return err(ProviderEventValidationError.invalidField(field, max));
  }
  return ok(undefined);
}

/** A required single-line field: not blank, then {@link validateIdentifier}. */
export function validateRequired(field: string, value: string, max: number): Checked {
  if (isBlank(value)) return err(ProviderEventValidationError.empty(field));
  return validateIdentifier(field, value, max);
}

/** Multi-line text: at most `max` bytes and no control character other than `\n \r \t`. */
export function validateText(field: string, value: string, max: number): Checked {
  if (utf8ByteLength(value) > max || hasNonTextControlChar(value)) {
    return err(ProviderEventValidationError.invalidField(field, max));
  }
  return ok(undefined);
}

/** Required multi-line text: not blank, then {@link validateText}. */
export function validateRequiredText(field: string, value: string, max: number): Checked {
  if (isBlank(value)) return err(ProviderEventValidationError.empty(field));
  return validateText(field, value, max);
}
