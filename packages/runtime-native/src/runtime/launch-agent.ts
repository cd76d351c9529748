import type { AgentId, ControlSnapshot, AgentInstanceId as InstanceId } from '@gate4agent/types';
import {
  AgentInstanceId,
  CommandId,
  Gate4AgentError,
  ProviderRuntimePolicy,
} from '@gate4agent/types';
import { DEFAULT_AGENT_TERMINAL_SIZE } from '../constants.js';
import { AgentSession, type AgentSessionHost } from '../session/agent-session.js';
import { AgentSessionError } from '../session/agent-session-error.js';
import type { LaunchAgentOptions } from '../session/launch-agent-options.js';

/** The ids a runtime hands to the sessions it launches. */
export interface SessionIds {
  /** A command id no other session command of this runtime uses. */
  nextCommandId(): CommandId;
  /** An instance id above every instance in `snapshot` and every id handed out before. */
  nextInstanceId(snapshot: ControlSnapshot): InstanceId;
}

/** Fresh id counters for one runtime. */
export function sessionIds(): SessionIds {
  let command = 0;
  let instance = 0;
  return {
    nextCommandId: () => {
      command += 1;
      return CommandId.of(command);
    },
    nextInstanceId: (snapshot) => {
      for (const session of snapshot.sessions) instance = Math.max(instance, session.instanceId);
      instance += 1;
      return AgentInstanceId.of(instance);
    },
  };
}

/** `NativeRuntime.launchAgent`: register, start and wait until the agent's process runs. */
export async function launchAgentSession(
  host: AgentSessionHost,
  instanceId: InstanceId,
  agentId: AgentId,
  options: LaunchAgentOptions,
): Promise<AgentSession> {
  const { signal } = options;
  signal?.throwIfAborted();
  const session = new AgentSession(host, instanceId, agentId);
  try {
    await session.launch(
      {
        kind: 'start',
        instanceId,
        runtimePolicy: options.runtimePolicy ?? ProviderRuntimePolicy.rawPty(),
        request: {
          workingDirectory: options.cwd ?? process.cwd(),
          terminalSize: options.terminalSize ?? DEFAULT_AGENT_TERMINAL_SIZE,
          initialPrompt: options.initialPrompt ?? null,
          sessionOptions: options.sessionOptions ?? null,
          approvalLevel: options.approvalLevel ?? 'ask',
        },
      },
      signal,
    );
  } catch (error) {
    await session.dispose().catch(() => undefined);
    if (error instanceof Gate4AgentError || signal?.aborted) throw error;
    throw AgentSessionError.agentStartFailed(agentId, error);
  }
  return session;
}
