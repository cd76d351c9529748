import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  CapabilityResultMetadata,
  TOOL_MEDIA_TYPE_MAX_BYTES,
  TOOL_RESULT_MAX_BYTES,
  TOOL_RESULT_SUMMARY_MAX_BYTES,
} from '../../src/index.js';

const metadata = (overrides: Partial<CapabilityResultMetadata> = {}): CapabilityResultMetadata => ({
  byteLen: 2,
  mediaType: 'application/json',
  truncated: false,
  redactedSummary: 'controlled provider result',
  ...overrides,
});

describe('CapabilityResultMetadata.validate', () => {
  it('accepts exactly 16 MiB and rejects one byte more', () => {
    unwrap(CapabilityResultMetadata.validate(metadata({ byteLen: TOOL_RESULT_MAX_BYTES })));
    expect(
      unwrapErr(
        CapabilityResultMetadata.validate(metadata({ byteLen: TOOL_RESULT_MAX_BYTES + 1 })),
      ),
    ).toEqual({
      kind: 'result-too-large',
      max: 16_777_216,
      actual: 16_777_217,
      message:
        'tool result declares 16777217 bytes, over the 16777216-byte limit; return a smaller result',
    });
  });

  it('bounds the media type without checking MIME syntax', () => {
    for (const mediaType of [null, '', 'not a mime', 'm'.repeat(TOOL_MEDIA_TYPE_MAX_BYTES)]) {
      unwrap(CapabilityResultMetadata.validate(metadata({ mediaType })));
    }
    expect(
      unwrapErr(
        CapabilityResultMetadata.validate(
          metadata({ mediaType: 'm'.repeat(TOOL_MEDIA_TYPE_MAX_BYTES + 1) }),
        ),
      ),
    ).toMatchObject({ kind: 'too-large', field: 'tool result media type', max: 256, actual: 257 });
    expect(
      unwrapErr(CapabilityResultMetadata.validate(metadata({ mediaType: 'é'.repeat(129) }))),
    ).toMatchObject({
      actual: 258,
    });
    expect(
      unwrapErr(CapabilityResultMetadata.validate(metadata({ mediaType: 'text/plain\r\n' }))).kind,
    ).toBe('control-character');
  });

  it('bounds the redacted summary and refuses tabs and newlines in it', () => {
    const max = TOOL_RESULT_SUMMARY_MAX_BYTES;
    unwrap(CapabilityResultMetadata.validate(metadata({ redactedSummary: 's'.repeat(max) })));
    unwrap(CapabilityResultMetadata.validate(metadata({ redactedSummary: '' })));
    expect(
      unwrapErr(
        CapabilityResultMetadata.validate(metadata({ redactedSummary: 's'.repeat(max + 1) })),
      ),
    ).toMatchObject({
      kind: 'too-large',
      field: 'tool result redacted summary',
      max,
    });
    for (const control of ['\t', '\n']) {
      expect(
        unwrapErr(CapabilityResultMetadata.validate(metadata({ redactedSummary: `a${control}b` }))),
      ).toMatchObject({
        kind: 'control-character',
        field: 'tool result redacted summary',
      });
    }
  });

  it('checks byte length, media type, then summary; truncated is free', () => {
    const allWrong = metadata({
      byteLen: TOOL_RESULT_MAX_BYTES + 1,
      mediaType: '\n',
      redactedSummary: '\n',
    });
    expect(unwrapErr(CapabilityResultMetadata.validate(allWrong)).kind).toBe('result-too-large');
    expect(unwrapErr(CapabilityResultMetadata.validate({ ...allWrong, byteLen: 1 }))).toMatchObject(
      {
        field: 'tool result media type',
      },
    );
    unwrap(CapabilityResultMetadata.validate(metadata({ truncated: true })));
    const before = structuredClone(allWrong);
    expect(CapabilityResultMetadata.validate(allWrong).ok).toBe(false);
    expect(allWrong).toEqual(before);
  });
});
