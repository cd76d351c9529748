import { MAX_ADAPTER_ID_LEN } from '../constants.js';
import { type BrandedString, type SlugIdError, slugId } from './slug-id.js';

/**
 * The id of one provider adapter implementation, independent of {@link AgentId} so several agents
 * can share a reviewed wire shape: 1–96 bytes of `a–z 0–9 - _`, not starting or ending with `-`/`_`.
 */
export type AdapterId = BrandedString<'AdapterId'>;

/** Why a string is not an {@link AdapterId} (`empty`, `too-long`, `invalid-characters`, `invalid-boundary`). */
export type AdapterIdError = SlugIdError;

/** Factory, validator and schema of {@link AdapterId}. */
export const AdapterId = slugId<AdapterId>('AdapterId', 'adapter ID', MAX_ADAPTER_ID_LEN);

/** TypeBox schema of {@link AdapterId}; decoding validates like `AdapterId.tryOf`. */
export const AdapterIdSchema = AdapterId.schema;
