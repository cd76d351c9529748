import { describe, expect, it } from 'vitest';
import {
  PROVIDER_EVENT_ID_MAX_BYTES,
  PROVIDER_SESSION_LOCATOR_MAX_BYTES,
  ProviderEventValidationError,
  ProviderSessionIdentity,
  unwrapErr,
} from '../../src/index.js';

const identity = (id: string, transcriptPath: string | null = null): ProviderSessionIdentity => ({
  key: 'session-id',
  id,
  transcriptPath,
});

describe('ProviderSessionIdentity.validate', () => {
  it('bounds the id at 512 bytes and rejects a leading dash', () => {
    expect(
      ProviderSessionIdentity.validate(identity('s'.repeat(PROVIDER_EVENT_ID_MAX_BYTES))).ok,
    ).toBe(true);
    expect(
      unwrapErr(
        ProviderSessionIdentity.validate(identity('s'.repeat(PROVIDER_EVENT_ID_MAX_BYTES + 1))),
      ),
    ).toEqual(
      ProviderEventValidationError.invalidField('provider session id', PROVIDER_EVENT_ID_MAX_BYTES),
    );
    expect(unwrapErr(ProviderSessionIdentity.validate(identity('-x'))).kind).toBe('invalid-field');
    expect(ProviderSessionIdentity.validate(identity('x-'))).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it('bounds a transcript path at 32 768 bytes and requires it to be non-blank when present', () => {
    const at = 'p'.repeat(PROVIDER_SESSION_LOCATOR_MAX_BYTES);
    expect(ProviderSessionIdentity.validate(identity('s', at)).ok).toBe(true);
    expect(unwrapErr(ProviderSessionIdentity.validate(identity('s', `${at}p`)))).toEqual(
      ProviderEventValidationError.invalidField(
        'provider transcript path',
        PROVIDER_SESSION_LOCATOR_MAX_BYTES,
      ),
    );
    expect(unwrapErr(ProviderSessionIdentity.validate(identity('s', ' ')))).toEqual(
      ProviderEventValidationError.empty('provider transcript path'),
    );
  });
});
