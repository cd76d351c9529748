// The string rules shared by every package. Limits are UTF-8 byte counts; "control" is Unicode
// general category Cc; "blank" is Rust's `trim().is_empty()` (the White_Space property), which
// differs from `String.prototype.trim` on U+FEFF and U+0085.

const encoder = new TextEncoder();

/**
 * The number of bytes `value` takes in UTF-8. A lone surrogate counts as the 3 bytes of U+FFFD,
 * which is what an encoder writes for it.
 */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(value.charCodeAt(index + 1))) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
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
  // UTF-8 byte order is code point order; a lone surrogate encodes as U+FFFD.
  let l = 0;
  let r = 0;
  while (l < left.length && r < right.length) {
    const a = scalarAt(left, l);
    const b = scalarAt(right, r);
    if (a !== b) return a < b ? -1 : 1;
    l += a > 0xffff ? 2 : 1;
    r += b > 0xffff ? 2 : 1;
  }
  if (l < left.length) return 1;
  return r < right.length ? -1 : 0;
}

/** The code point at `index`, with a lone surrogate read as U+FFFD (as UTF-8 encoding does). */
function scalarAt(value: string, index: number): number {
  const point = value.codePointAt(index) ?? 0;
  return point >= 0xd800 && point <= 0xdfff ? 0xfffd : point;
}
