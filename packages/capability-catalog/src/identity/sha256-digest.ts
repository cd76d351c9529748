import { err, ok, type Result } from '@gate4agent/types';
import { CapabilitySetError } from '../errors/capability-set-error.js';

declare const brand: unique symbol;

/** `"sha256:"` followed by 64 lowercase hex digits; equality and order are string comparison. */
export type Sha256Digest = string & { readonly [brand]: 'Sha256Digest' };

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** Factory of {@link Sha256Digest}. */
export const Sha256Digest = {
  /** Validates `value`; anything but 71 chars of `sha256:` + lowercase hex is `invalid-digest`. */
  parse(value: string): Result<Sha256Digest, CapabilitySetError> {
    return DIGEST.test(value) ? ok(value as Sha256Digest) : err(CapabilitySetError.invalidDigest());
  },
  /** Whether `value` is a valid digest. */
  is(value: unknown): value is Sha256Digest {
    return typeof value === 'string' && DIGEST.test(value);
  },
} as const;
