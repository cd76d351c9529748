import Type, { type Static } from 'typebox';
import { MAX_ADAPTER_REVISION_LEN } from '../constants.js';
import { AdapterId, AdapterIdSchema } from '../id/adapter-id.js';
import { err, ok, type Result } from '../shared/result.js';
import { rustDebugString } from '../shared/rust-debug.js';
import { compareUtf8, hasControlChar, isBlank, utf8ByteLength } from '../shared/text.js';
import {
  type AdapterVerification,
  AdapterVerificationSchema,
  compareAdapterVerification,
} from './adapter-verification.js';

/**
 * TypeBox schema of {@link AdapterBinding}. Decoding checks the adapter id but, as upstream, not
 * the revision: call {@link AdapterBinding.validate}.
 */
export const AdapterBindingSchema = Type.Object({
  id: AdapterIdSchema,
  revision: Type.String(),
  verification: AdapterVerificationSchema,
});

/** One reviewed adapter implementation: its id, revision and how it was verified. */
export type AdapterBinding = Static<typeof AdapterBindingSchema>;

/** Why an adapter revision was rejected. */
export type AdapterBindingError =
  | { readonly kind: 'empty-revision'; readonly message: string }
  | {
      readonly kind: 'revision-too-long';
      readonly len: number;
      readonly max: number;
      readonly message: string;
    }
  | { readonly kind: 'invalid-revision'; readonly revision: string; readonly message: string };

/** One factory per {@link AdapterBindingError} variant, with the upstream wording. */
export const AdapterBindingError = {
  emptyRevision: (): AdapterBindingError => ({
    kind: 'empty-revision',
    message: 'adapter revision is empty; pass a revision such as "v1"',
  }),
  revisionTooLong: (len: number, max: number): AdapterBindingError => ({
    kind: 'revision-too-long',
    len,
    max,
    message: `adapter revision length ${len} exceeds the ${max}-byte limit; shorten it`,
  }),
  invalidRevision: (revision: string): AdapterBindingError => ({
    kind: 'invalid-revision',
    revision,
    message: `adapter revision contains control characters: ${rustDebugString(revision)}; remove them`,
  }),
};

function validateRevision(revision: string): Result<void, AdapterBindingError> {
  if (isBlank(revision)) return err(AdapterBindingError.emptyRevision());
  const len = utf8ByteLength(revision);
  if (len > MAX_ADAPTER_REVISION_LEN) {
    return err(AdapterBindingError.revisionTooLong(len, MAX_ADAPTER_REVISION_LEN));
  }
  if (hasControlChar(revision)) return err(AdapterBindingError.invalidRevision(revision));
  return ok(undefined);
}

/** Constructor, validator and comparator of {@link AdapterBinding}. */
export const AdapterBinding = {
  schema: AdapterBindingSchema,
  /** Builds a binding after checking the revision: not blank, ≤ 256 bytes, no control characters. */
  tryNew(
    id: AdapterId,
    revision: string,
    verification: AdapterVerification,
  ): Result<AdapterBinding, AdapterBindingError> {
    const checked = validateRevision(revision);
    return checked.ok ? ok({ id, revision, verification }) : checked;
  },
  /** Re-checks the revision of a binding that arrived over the wire. */
  validate(binding: AdapterBinding): Result<void, AdapterBindingError> {
    return validateRevision(binding.revision);
  },
  /** Field-order comparison (id, revision, verification), as Rust's derived `Ord`. */
  compare(left: AdapterBinding, right: AdapterBinding): number {
    return (
      AdapterId.compare(left.id, right.id) ||
      compareUtf8(left.revision, right.revision) ||
      compareAdapterVerification(left.verification, right.verification)
    );
  },
};

/** @deprecated use {@link AdapterBindingError} (one error-factory naming, CONTRIBUTING.md). */
export const adapterBindingError = AdapterBindingError;
