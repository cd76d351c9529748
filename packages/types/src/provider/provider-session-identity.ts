import Type, { type Static } from 'typebox';
import { PROVIDER_EVENT_ID_MAX_BYTES, PROVIDER_SESSION_LOCATOR_MAX_BYTES } from '../constants.js';
import { err, ok, type Result } from '../shared/result.js';
import { Nullable } from '../shared/schema.js';
import { validateRequired } from './ingress-text.js';
import { ProviderEventValidationError } from './provider-event-validation-error.js';

/** TypeBox schema of {@link ProviderSessionKey}. */
export const ProviderSessionKeySchema = Type.Enum(['session-id', 'conversation-id']);

/** Which provider-native key a session identity is. */
export type ProviderSessionKey = Static<typeof ProviderSessionKeySchema>;

/** TypeBox schema of {@link ProviderSessionIdentity}. */
export const ProviderSessionIdentitySchema = Type.Object({
  key: ProviderSessionKeySchema,
  id: Type.String(),
  transcriptPath: Nullable(Type.String()),
});

/** A provider's own session identity, and where its transcript lives. */
export type ProviderSessionIdentity = Static<typeof ProviderSessionIdentitySchema>;

/** Validator of {@link ProviderSessionIdentity}. */
export const ProviderSessionIdentity = {
  schema: ProviderSessionIdentitySchema,
  /**
   * `id` is a required single-line field of at most 512 bytes that does not start with `-` (so it
   * cannot pose as a CLI flag); a transcript path is a required single-line field of ≤ 32 768 bytes.
   */
  validate(identity: ProviderSessionIdentity): Result<void, ProviderEventValidationError> {
    const id = validateRequired('provider session id', identity.id, PROVIDER_EVENT_ID_MAX_BYTES);
    if (!id.ok) return id;
    if (identity.id.startsWith('-')) {
      return err(
        ProviderEventValidationError.invalidField(
          'provider session id',
          PROVIDER_EVENT_ID_MAX_BYTES,
        ),
      );
    }
    if (identity.transcriptPath !== null) {
      const path = validateRequired(
        'provider transcript path',
        identity.transcriptPath,
        PROVIDER_SESSION_LOCATOR_MAX_BYTES,
      );
      if (!path.ok) return path;
    }
    return ok(undefined);
  },
};
