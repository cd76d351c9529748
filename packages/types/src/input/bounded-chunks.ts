// Splits text into PTY writes of at most `maxChunk` bytes without ever cutting a UTF-8 code point,
// so a terminal never receives half a character.
import { err, ok, type Result } from '../shared/result.js';
import { utf8ByteLength, utf8Encode } from '../shared/text.js';
import { InputPrepareError } from './input-prepare-error.js';

function codePointLength(leadByte: number): number {
  if (leadByte < 0x80) return 1;
  if (leadByte < 0xe0) return 2;
  if (leadByte < 0xf0) return 3;
  return 4;
}

/**
 * Encodes `text` and splits it greedily at code-point boundaries into chunks of at most `maxChunk`
 * bytes. Empty text gives no chunk. Fails with `input-too-large` above `maxTotal` bytes and with
 * `chunk-limit-too-small` when one code point is longer than `maxChunk`.
 */
export function boundedChunks(
  text: string,
  maxChunk: number,
  maxTotal: number,
): Result<Uint8Array[], InputPrepareError> {
  const bytes = utf8Encode(text);
  if (bytes.length > maxTotal) return err(InputPrepareError.inputTooLarge(bytes.length, maxTotal));
  const chunks: Uint8Array[] = [];
  if (bytes.length === 0) return ok(chunks);
  let start = 0;
  let index = 0;
  while (index < bytes.length) {
    const length = codePointLength(bytes[index] ?? 0);
    if (length > maxChunk) return err(InputPrepareError.chunkLimitTooSmall(length, maxChunk));
    if (index - start + length > maxChunk) {
      chunks.push(bytes.slice(start, index));
      start = index;
    }
    index += length;
  }
  chunks.push(bytes.slice(start));
  return ok(chunks);
}

const CONTROL = /\p{Cc}/u;

/** The byte offset and code point of the first Unicode control character (Cc) in `text`, if any. */
export function firstControlCharacter(text: string): { index: number; codepoint: number } | null {
  const match = CONTROL.exec(text);
  if (match === null) return null;
  return {
    index: utf8ByteLength(text.slice(0, match.index)),
    codepoint: match[0].codePointAt(0) ?? 0,
  };
}
