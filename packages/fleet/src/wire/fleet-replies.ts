import { createWireCodec, SessionStatusSchema } from '@gate4agent/types';
import Type, { type StaticDecode } from 'typebox';

/** The reply to `stop`: how the agent ended (a local `AgentExit`). */
export const AgentExitReplySchema = Type.Object({
  status: SessionStatusSchema,
  screen: Type.String(),
  lastLines: Type.Array(Type.String()),
});

/** The reply to `stop`. */
export type AgentExitReply = StaticDecode<typeof AgentExitReplySchema>;

/** Compiled codec of {@link AgentExitReply}. */
export const AgentExitReplyCodec = createWireCodec('AgentExitReply', AgentExitReplySchema);

/** The reply to `bind-tool-client`: the ids the host's authority minted. */
export const BoundToolClientReplySchema = Type.Object({
  consumerId: Type.String(),
  actorId: Type.String(),
});

/** Compiled codec of the `bind-tool-client` reply. */
export const BoundToolClientReplyCodec = createWireCodec(
  'BoundToolClientReply',
  BoundToolClientReplySchema,
);

/** The reply to `launch`: the new session's row, without its frame. */
export const LaunchReplySchema = Type.Object({
  instanceId: Type.Number(),
  status: Type.Object({ session: Type.Unknown() }),
});

/** Compiled codec of the `launch` reply. */
export const LaunchReplyCodec = createWireCodec('LaunchReply', LaunchReplySchema);
