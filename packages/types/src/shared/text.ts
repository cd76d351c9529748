// The string rules shared by every package. Limits are UTF-8 byte counts; "control" is Unicode
// general category Cc; "blank" is Rust's `trim().is_empty()` (the White_Space property), which
// differs from `String.prototype.trim` on U+FEFF and U+0085.

const encoder = new TextEncoder();

/** The number of bytes `value` takes in UTF-8. */
export function utf8ByteLength(value: string): number {
  return Buffer.byteLength(value, 'utf8');
}

/** Encodes `value` as UTF-8 bytes. */
export function utf8Encode(value: string): Uint8Array {
  return encoder.encode(value);
}

const CONTROL = /\p{Cc}/u;
const CONTROL_EXCEPT_LINE_BREAKS_AND_TABS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
const BLANK = /^[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$/u;

/** Whether `value` holds any Unicode Cc character (U+0000–U+001F, U+007F–U+009F). */
export function hasControlChar(value: string): boolean {
  return CONTROL.test(value);
}

/**
 * Whether `value` holds a Cc character other than `\n`, `\r` and `\t`: the rule for multi-line
 * text fields of the types crate.
 */
export function hasNonTextControlChar(value: string): boolean {
  return CONTROL_EXCEPT_LINE_BREAKS_AND_TABS.test(value);
}

/** Whether every code point of `value` is Unicode White_Space (true for the empty string). */
export function isBlank(value: string): boolean {
  return BLANK.test(value);
}

/** Whether `value` is well-formed UTF-16 (no lone surrogates), so it has a UTF-8 encoding. */
export function isWellFormedText(value: string): boolean {
  return value.isWellFormed();
}

/** Compares two strings by their UTF-8 bytes, as Rust orders `String` (differs from `<` on astral text). */
export function compareUtf8(left: string, right: string): number {
  if (left === right) return 0;
  return Math.sign(Buffer.compare(Buffer.from(left, 'utf8'), Buffer.from(right, 'utf8')));
}
