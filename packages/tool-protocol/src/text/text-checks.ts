// The three text rules of the tool protocol. Unlike the types crate's multi-line fields, tool
// text rejects every Cc character, `\n`, `\r` and `\t` included: it is shown on approval and
// audit surfaces as one line.
import { err, hasControlChar, isBlank, ok, type Result, utf8ByteLength } from '@gate4agent/types';
import { ToolValidationError } from '../errors.js';

/** Checks `value` against `max` UTF-8 bytes (`too-large`), then for any Cc (`control-character`). */
export function validateText(
  field: string,
  value: string,
  max: number,
): Result<void, ToolValidationError> {
  const actual = utf8ByteLength(value);
  if (actual > max) return err(ToolValidationError.tooLarge(field, max, actual));
  if (hasControlChar(value)) return err(ToolValidationError.controlCharacter(field));
  return ok();
}

/** Rejects blank text (`required`, Rust `trim().is_empty()`), then applies {@link validateText}. */
export function validateRequiredText(
  field: string,
  value: string,
  max: number,
): Result<void, ToolValidationError> {
  if (isBlank(value)) return err(ToolValidationError.required(field));
  return validateText(field, value, max);
}

/** Accepts `null`; otherwise applies {@link validateText}, so an empty string passes. */
export function validateOptionalText(
  field: string,
  value: string | null,
  max: number,
): Result<void, ToolValidationError> {
  return value === null ? ok() : validateText(field, value, max);
}
