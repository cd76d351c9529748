import type { ToolAuthorityError, ToolClientHandle } from '@gate4agent/handle';
import type { ToolActorId } from '@gate4agent/tool-protocol';
import type { Result } from '@gate4agent/types';

/**
 * What the bridge needs from its runtime: a tool client per session, and a signal after every
 * publication (to notice grants appearing and going). `NativeRuntime` is one.
 */
export interface McpBridgeHost {
  toolClient(actorId: ToolActorId): Result<ToolClientHandle, ToolAuthorityError>;
  onPublish(listener: () => void): () => void;
  /** Closes a session's tool client when the session is disposed. */
  toolAuthority(): {
    closeClient(client: ToolClientHandle): Result<number, ToolAuthorityError>;
  };
}
