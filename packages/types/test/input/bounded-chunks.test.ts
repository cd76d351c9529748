import { describe, expect, it } from 'vitest';
import { boundedChunks, InputPrepareError, unwrap, unwrapErr } from '../../src/index.js';

const decode = (chunks: Uint8Array[]) =>
  chunks.map((chunk) => new TextDecoder('utf-8', { fatal: true }).decode(chunk));

describe('boundedChunks', () => {
  it('gives no chunk for empty text', () => {
    expect(unwrap(boundedChunks('', 4, 4))).toEqual([]);
  });

  it('fills chunks up to the byte limit exactly', () => {
    expect(decode(unwrap(boundedChunks('abcdefgh', 4, 8)))).toEqual(['abcd', 'efgh']);
    expect(decode(unwrap(boundedChunks('abcdefghi', 4, 16)))).toEqual(['abcd', 'efgh', 'i']);
  });

  it('never splits a code point and counts its UTF-8 bytes', () => {
    expect(decode(unwrap(boundedChunks('жжж', 4, 16)))).toEqual(['жж', 'ж']);
    expect(decode(unwrap(boundedChunks('a🙂🙂', 4, 16)))).toEqual(['a', '🙂', '🙂']);
  });

  it('accepts the total limit and rejects one byte over with the byte count', () => {
    expect(unwrap(boundedChunks('abcd', 2, 4))).toHaveLength(2);
    expect(unwrapErr(boundedChunks('abcde', 2, 4))).toEqual(InputPrepareError.inputTooLarge(5, 4));
    expect(unwrapErr(boundedChunks('жж€', 8, 6))).toEqual(InputPrepareError.inputTooLarge(7, 6));
  });

  it('rejects a code point longer than the chunk limit', () => {
    expect(unwrapErr(boundedChunks('a🙂', 3, 16))).toEqual(
      InputPrepareError.chunkLimitTooSmall(4, 3),
    );
    expect(unwrapErr(boundedChunks('ж', 1, 16))).toEqual(
      InputPrepareError.chunkLimitTooSmall(2, 1),
    );
  });
});
