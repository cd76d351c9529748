import { MAX_AGENT_ID_LEN } from '../constants.js';
import { type BrandedString, type SlugIdError, slugId } from './slug-id.js';

/**
 * A stable agent-CLI slug such as `claude` or `control-fixture`: 1–64 bytes of `a–z 0–9 - _`,
 * not starting or ending with `-` or `_`.
 */
export type AgentId = BrandedString<'AgentId'>;

/** Why a string is not an {@link AgentId} (`empty`, `too-long`, `invalid-characters`, `invalid-boundary`). */
export type AgentIdError = SlugIdError;

/** Factory, validator and schema of {@link AgentId}. */
export const AgentId = slugId<AgentId>('AgentId', 'agent ID', MAX_AGENT_ID_LEN);

/** TypeBox schema of {@link AgentId}; decoding validates like `AgentId.tryOf`. */
export const AgentIdSchema = AgentId.schema;
