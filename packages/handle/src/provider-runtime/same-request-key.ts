import type { CapabilityRequestKey } from '@gate4agent/tool-protocol';

/** Field-wise equality of two request keys (consumer, actor, local id). */
export function sameRequestKey(a: CapabilityRequestKey, b: CapabilityRequestKey): boolean {
  return a.consumerId === b.consumerId && a.actorId === b.actorId && a.localId === b.localId;
}
