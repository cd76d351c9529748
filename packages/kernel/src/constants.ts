// Limits of the kernel's own logic. The control limits it enforces (sessions, identities,
// terminal geometry, working directory) are owned by @gate4agent/types and imported from there.
import { PROVIDER_INGRESS_EVENTS_MAX, PROVIDER_INTERACTIONS_MAX } from '@gate4agent/types';

/**
 * gate4agent-engine (private `CONTROL_REVISION_HEADROOM`): revisions one bounded reduction may
 * need; a reduction with this much headroom left is applied in place instead of on a copy.
 */
export const CONTROL_REVISION_HEADROOM = PROVIDER_INGRESS_EVENTS_MAX + 1;

/**
 * gate4agent-engine (private `CONTROL_EVENT_HEADROOM`): events one bounded reduction may emit;
 * `PROVIDER_INGRESS_EVENTS_MAX * (PROVIDER_INTERACTIONS_MAX + 1) + PROVIDER_INTERACTIONS_MAX + 2`.
 */
export const CONTROL_EVENT_HEADROOM =
  PROVIDER_INGRESS_EVENTS_MAX * (PROVIDER_INTERACTIONS_MAX + 1) + PROVIDER_INTERACTIONS_MAX + 2;

/**
 * gate4agent-engine / gate4agent-kernel: the maximum of every 64-bit counter (`u64::MAX`
 * upstream). The counter issues it once; the next value does not exist.
 */
export const COUNTER_MAX = Number.MAX_SAFE_INTEGER;
