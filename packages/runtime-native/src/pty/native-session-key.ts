import type { AgentInstanceId, SessionGeneration } from '@gate4agent/types';

/** One live incarnation of an instance: its id and session generation. */
export interface NativeSessionKey {
  readonly instanceId: AgentInstanceId;
  readonly generation: SessionGeneration;
}

/** A map key for a {@link NativeSessionKey}. */
export function sessionKeyString(key: NativeSessionKey): string {
  return `${key.instanceId}:${key.generation}`;
}

/** Upstream's `{:?}` rendering of a key, used in messages. */
export function debugSessionKey(key: NativeSessionKey): string {
  return `AgentInstanceId(${key.instanceId})/SessionGeneration(${key.generation})`;
}
